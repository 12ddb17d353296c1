import { LANGUAGES } from "@convive/domain/core";
import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSaveLanguage } from "../api/profile.ts";
import { Section } from "./Section.tsx";

/** ES/EN: switches the screen at once and is saved to the user for e-mails and notifications. */
export function LanguageSection({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation("account");
  const save = useSaveLanguage(userId);
  const current = i18n.resolvedLanguage ?? "es";

  const choose = async (language: string) => {
    if (language === current) return;
    await i18n.changeLanguage(language);
    // The save's toasts read the language at the time they show: the new one.
    void save.submit(language);
  };

  return (
    <Section title={t("language.title")} description={t("language.description")}>
      <SegmentedControl
        fullWidth
        value={current}
        onChange={(v) => void choose(v)}
        disabled={save.busy}
        aria-label={t("common:language.label")}
        data={LANGUAGES.map((lng) => ({ value: lng, label: t(`common:language.${lng}Long`) }))}
      />
    </Section>
  );
}
