import type { Acknowledgement } from "@convive/domain";
import { formatDateTime } from "@convive/domain/core";
import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconEye } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type AckTarget, useIncidentAcknowledgements } from "../api/acknowledgements.ts";
import { AcknowledgeDialog } from "./AcknowledgeDialog.tsx";
import type { DetailView } from "./view.ts";

/** An acknowledgement as its family reads it back: since when, and what they said. */
export function AcknowledgedLine({ ack, view, own }: { ack: Acknowledgement; view: DetailView; own: boolean }) {
  const { t } = useTranslation("incidentDetails");
  const when = formatDateTime(ack.acknowledged_at, view);
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCircleCheck size={18} aria-hidden color="var(--mantine-color-teal-8)" style={{ flexShrink: 0 }} />
        <Text size="sm">
          {own ? t("acknowledgement.mine", { when }) : t("acknowledgement.byOther", { name: ack.user.name, when })}
        </Text>
      </Group>
      {ack.disagrees && (
        <Text size="sm" fw={600} c="red.9" pl={24}>
          {t("acknowledgement.disagreed")}
        </Text>
      )}
      {ack.comment && (
        <Text size="sm" pl={24} c="gray.8" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          «{ack.comment}»
        </Text>
      )}
    </Stack>
  );
}

/** The family's "Enterado" for a target: the button while they have not, the quiet line once they have. */
export function AcknowledgeButton({
  target,
  mine,
  mayAcknowledge,
  view,
  title,
  intro,
  label,
}: {
  target: AckTarget;
  mine: Acknowledgement | null;
  mayAcknowledge: boolean;
  view: DetailView;
  title: string;
  intro: string;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  if (mine) return <AcknowledgedLine ack={mine} view={view} own />;
  if (!mayAcknowledge) return null;
  return (
    <>
      <Button
        leftSection={<IconEye size={18} aria-hidden />}
        onClick={() => setOpen(true)}
        size="md"
        fullWidth
        maw={{ sm: 320 }}
      >
        {label}
      </Button>
      {open && (
        <AcknowledgeDialog
          target={target}
          title={title}
          intro={intro}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void view.refresh();
          }}
        />
      )}
    </>
  );
}

/**
 * What a family sees first on an incident shown to them (issue 30 §1): the school asks them to confirm they have
 * read it — a clear "Enterado" on the phone — and, once done, a quiet line with when (and the household's others).
 */
export function FamilyAcknowledgement({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const acks = useIncidentAcknowledgements(view.incident.id);
  const data = acks.data;
  if (!data || (!data.asked && data.acknowledgements.length === 0)) return null;
  const others = data.acknowledgements.filter((a) => a.id !== data.mine?.id);
  const pending = data.may_acknowledge;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="acknowledgement-title"
      bg={pending ? "var(--mantine-color-blue-0)" : undefined}
    >
      <Stack gap="sm">
        <Text id="acknowledgement-title" fw={700}>
          {t(pending ? "acknowledgement.askTitle" : "acknowledgement.title")}
        </Text>
        {pending && <Text size="sm">{t("acknowledgement.ask")}</Text>}
        <AcknowledgeButton
          target={{ incidentId: view.incident.id }}
          mine={data.mine}
          mayAcknowledge={pending}
          view={view}
          title={t("acknowledgement.dialogTitle", { folio: view.incident.folio })}
          intro={t("acknowledgement.dialogIntro")}
          label={t("acknowledgement.button")}
        />
        {others.map((a) => (
          <AcknowledgedLine key={a.id} ack={a} view={view} own={false} />
        ))}
      </Stack>
    </Paper>
  );
}
