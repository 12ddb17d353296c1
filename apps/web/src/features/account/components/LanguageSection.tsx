import { LANGUAGES } from "@convive/domain/core";
import { SegmentedControl } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { saveLanguage } from "../api/profile.ts";
import { Section } from "./Section.tsx";

/** ES/EN: switches the screen at once and is saved to the user for e-mails and notifications. */
export function LanguageSection({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation("account");
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const current = i18n.resolvedLanguage ?? "es";

  const choose = async (language: string) => {
    if (language === current) return;
    await i18n.changeLanguage(language);
    setBusy(true);
    try {
      await saveLanguage(userId, language);
      await queryClient.invalidateQueries({ queryKey: ["current-user"] });
      toast("success", i18n.t("common:messages.saved"));
    } catch {
      toast("error", i18n.t("common:messages.saveFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t("language.title")} description={t("language.description")}>
      <SegmentedControl
        fullWidth
        value={current}
        onChange={(v) => void choose(v)}
        disabled={busy}
        aria-label={t("common:language.label")}
        data={LANGUAGES.map((lng) => ({ value: lng, label: t(`common:language.${lng}Long`) }))}
      />
    </Section>
  );
}
