import authEn from "./en/auth.json";
import commonEn from "./en/common.json";
import authEs from "./es/auth.json";
import commonEs from "./es/common.json";

/**
 * What the sign-in screens need ships with the first bundle; every other namespace (one JSON file per feature
 * and language under locales/<lng>/) is fetched when a screen first asks for it. New files need no registering.
 */
export const eagerResources = {
  es: { common: commonEs, auth: authEs },
  en: { common: commonEn, auth: authEn },
} as const;

const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>("./*/*.json");

export function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = lazyFiles[`./${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`no translations for ${language}/${namespace}`));
  return load().then((module) => module.default);
}
