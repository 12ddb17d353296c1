import { LANGUAGES } from "@convive/domain/core";
import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
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
    // The toasts read the new language, hence i18n.t rather than this render's t.
    save.mutate(language, {
      onSuccess: () => toast("success", i18n.t("common:messages.saved")),
      onError: () => toast("error", i18n.t("common:messages.saveFailed")),
    });
  };

  return (
    <Section title={t("language.title")} description={t("language.description")}>
      <SegmentedControl
        fullWidth
        value={current}
        onChange={(v) => void choose(v)}
        disabled={save.isPending}
        aria-label={t("common:language.label")}
        data={LANGUAGES.map((lng) => ({ value: lng, label: t(`common:language.${lng}Long`) }))}
      />
    </Section>
  );
}
