import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES } from "@convive/domain/core";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { eagerResources, loadNamespace } from "../locales/index.ts";

/** Spanish by default and as fallback; the choice is kept under the local key `language` (spec §1). */
function storedLanguage(): string {
  const value = typeof localStorage === "undefined" ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return value && (LANGUAGES as readonly string[]).includes(value) ? value : DEFAULT_LANGUAGE;
}

/** Resolves once the device's language has its sign-in texts (at once in Spanish; English is fetched first). */
export const i18nReady = i18n
  .use(initReactI18next)
  .use({
    type: "backend" as const,
    init() {},
    read(language: string, namespace: string, callback: (error: unknown, data: unknown) => void) {
      loadNamespace(language, namespace).then(
        (data) => callback(null, data),
        (error: unknown) => callback(error, null),
      );
    },
  })
  .init({
    resources: eagerResources,
    // The other namespaces come from the backend above when a screen first uses them.
    partialBundledLanguages: true,
    ns: ["common", "auth"],
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: "common",
    // The shell's texts (menu, screen titles, lists) are not needed to sign in: they live in their own namespace,
    // loaded by the layout, and keys the common namespace lacks are looked up there.
    fallbackNS: "shell",
    interpolation: { escapeValue: false },
    returnNull: false,
  });

i18n.on("languageChanged", (lng) => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

export default i18n;
