import { Text } from "@mantine/core";
import { IconFileDescription } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Section } from "./Section.tsx";
import type { DetailView } from "./view.ts";

/** What happened, as the recorder wrote it (line breaks kept). */
export function DetailTextCard({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  return (
    <Section id="detail" title={t("detail.title")} icon={<IconFileDescription size={18} aria-hidden />}>
      <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} lh={1.6}>
        {view.incident.detail}
      </Text>
    </Section>
  );
}
