import { LANGUAGES, type Language } from "@convive/domain/core";
import { NativeSelect } from "@mantine/core";
import { IconLanguage, IconSelector } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { changeLanguage } from "../lib/change-language.ts";

/**
 * ES/EN dropdown (spec §2 header). A native select: keyboard and screen-reader friendly on every phone, and
 * light enough for the sign-in screen (no Combobox styles). Switching re-renders at once, no reload.
 */
export function LanguageMenu({ onSignInScreens = false }: { onSignInScreens?: boolean } = {}) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t("language.label")}
      value={i18n.resolvedLanguage ?? "es"}
      onChange={(event) => void changeLanguage(event.currentTarget.value as Language, { onSignInScreens })}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}`) }))}
      leftSection={<IconLanguage size={16} aria-hidden />}
      // Our own chevron instead of Mantine's Combobox one, whose stylesheet the sign-in page would load for it.
      rightSection={<IconSelector size={14} aria-hidden />}
      rightSectionPointerEvents="none"
      w={96}
      size="sm"
      variant="filled"
    />
  );
}
