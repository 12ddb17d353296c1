import { LANGUAGES } from "@convive/domain/core";
import { NativeSelect } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/**
 * ES/EN dropdown (spec §2 header). A native select: keyboard and screen-reader friendly on every phone, and
 * light enough for the sign-in screen. Switching re-renders at once, no reload.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t("language.label")}
      value={i18n.resolvedLanguage ?? "es"}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}`) }))}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={96}
      size="sm"
      variant="filled"
    />
  );
}
