import { useTranslation } from "react-i18next";
import { useSession } from "../../../lib/session.ts";

/**
 * Every query of the registration screen sits under ["registration", schoolId, language, …]: group labels come
 * in the reader's language, so switching language asks again.
 */
export const useRegistrationKey = () => {
  const { schoolId } = useSession();
  const language = useTranslation().i18n.resolvedLanguage ?? "es";
  return (...parts: readonly unknown[]) => ["registration", schoolId, language, ...parts] as const;
};
