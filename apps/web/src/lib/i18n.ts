import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES } from "@convive/domain/core";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { resources } from "../locales/index.ts";

/** Spanish by default and as fallback; the choice is kept under the local key `language` (spec §1). */
function storedLanguage(): string {
  const value = typeof localStorage === "undefined" ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return value && (LANGUAGES as readonly string[]).includes(value) ? value : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on("languageChanged", (lng) => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

export default i18n;
