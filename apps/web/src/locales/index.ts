import authEs from "./es/auth.json";
import commonEs from "./es/common.json";

/**
 * What the sign-in screens need in Spanish (the default and the fallback) ships with the first bundle; English and
 * every other namespace (one JSON file per feature and language under locales/<lng>/) are fetched when first asked
 * for — English before the first render when it is the device's language (lib/i18n.ts). New files need no
 * registering.
 */
export const eagerResources = {
  es: { common: commonEs, auth: authEs },
} as const;

const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>("./*/*.json");

export function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = lazyFiles[`./${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`no translations for ${language}/${namespace}`));
  return load().then((module) => module.default);
}
