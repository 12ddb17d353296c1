import authEn from "./en/auth.json";
import commonEn from "./en/common.json";
import authEs from "./es/auth.json";
import commonEs from "./es/common.json";

/** Every namespace in both languages; a unit test fails when their key sets differ. */
export const resources = {
  es: { common: commonEs, auth: authEs },
  en: { common: commonEn, auth: authEn },
} as const;
