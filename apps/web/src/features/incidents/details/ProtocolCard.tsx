import { formatDateTime, localizedName } from "@convive/domain/core";
import { Alert, Badge, Button, Group, List, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { IconCheck, IconHandStop, IconListCheck, IconUserEdit } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReassignStepDialog, StepDialog } from "./ProtocolStepDialogs.tsx";
import { type ProtocolStep, useIncidentProtocol } from "./protocol-api.ts";
import { Section } from "./Section.tsx";
import type { DetailView } from "./view.ts";

type Dialog = { kind: "complete" | "waive" | "reassign"; step: ProtocolStep } | null;

/** A step's state as a badge: overdue in red, done in teal, waived in grey, pending in blue (4.5:1 text). */
function StepBadge({ step }: { step: ProtocolStep }) {
  const { t } = useTranslation("incidentDetails");
  const state = step.overdue ? "overdue" : step.status;
  const tone = {
    overdue: ["red", "red.9"],
    done: ["teal", "#056b4d"],
    waived: ["gray", "gray.8"],
    pending: ["blue", "blue.9"],
  }[state] as [string, string];
  return (
    <Badge variant="light" radius="sm" color={tone[0]} c={tone[1]} style={{ flexShrink: 0 }}>
      {t(`protocol.state.${state}`)}
    </Badge>
  );
}

/**
 * The incident's protocol (issue 30 §2) as a checklist, for staff: each step with its deadline on the school's
 * clock, its responsible, an overdue badge, and — for whoever manages the incident — complete, waive and reassign.
 * A family never sees it (the server answers them 404; the screen does not ask).
 */
export function ProtocolCard({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const protocol = useIncidentProtocol(view.incident.id, !view.family);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (view.family || protocol.data === null) return null;
  if (protocol.isPending) return <Skeleton h={160} radius="lg" />;
  if (protocol.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={protocol.error.message}>
        <Button size="xs" variant="default" onClick={() => void protocol.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </Alert>
    );
  }
  const p = protocol.data;
  const when = (iso: string) => formatDateTime(iso, { lang: view.lang, timeZone: view.timeZone });
  const open = p.steps.filter((s) => s.status === "pending").length;
  return (
    <Section
      id="protocol"
      title={localizedName(p, view.lang)}
      icon={<IconListCheck size={20} aria-hidden />}
      action={
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          {open === 0 ? t("protocol.allDone") : t("protocol.pending", { count: open })}
        </Text>
      }
    >
      <List listStyleType="none" spacing="xs" aria-label={t("protocol.steps")}>
        {p.steps.map((step) => (
          <List.Item key={step.id} styles={{ itemWrapper: { width: "100%" }, itemLabel: { width: "100%" } }}>
            <Paper withBorder radius="md" p="sm" component="article" aria-label={localizedName(step, view.lang)}>
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                    {step.position}. {localizedName(step, view.lang)}
                  </Text>
                  <StepBadge step={step} />
                </Group>
                <Text size="xs" c={step.overdue ? "red.9" : "dimmed"}>
                  {t("protocol.due", { when: when(step.due_at) })} ·{" "}
                  {t("protocol.responsible", { name: step.responsible?.name ?? t("protocol.nobody") })}
                </Text>
                {step.done_at && (
                  <Text size="xs" c="dimmed">
                    {t(step.status === "done" ? "protocol.doneBy" : "protocol.waivedBy", {
                      name: step.done_by?.name ?? "—",
                      when: when(step.done_at),
                    })}
                  </Text>
                )}
                {step.note && (
                  <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {step.note}
                  </Text>
                )}
                {step.evidence.length > 0 && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {t("protocol.evidence", { files: step.evidence.map((e) => e.file_name).join(", ") })}
                  </Text>
                )}
                {p.can_manage && step.status === "pending" && (
                  <Group gap="xs" justify="flex-end">
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconUserEdit size={14} aria-hidden />}
                      onClick={() => setDialog({ kind: "reassign", step })}
                      aria-label={t("protocol.reassignStep", { step: localizedName(step, view.lang) })}
                    >
                      {t("protocol.reassign")}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconHandStop size={14} aria-hidden />}
                      onClick={() => setDialog({ kind: "waive", step })}
                      aria-label={t("protocol.waiveStep", { step: localizedName(step, view.lang) })}
                    >
                      {t("protocol.waive")}
                    </Button>
                    <Button
                      size="compact-sm"
                      leftSection={<IconCheck size={14} aria-hidden />}
                      onClick={() => setDialog({ kind: "complete", step })}
                      aria-label={t("protocol.completeStep", { step: localizedName(step, view.lang) })}
                    >
                      {t("protocol.complete")}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          </List.Item>
        ))}
      </List>
      {dialog?.kind === "reassign" && (
        <ReassignStepDialog step={dialog.step} view={view} onClose={() => setDialog(null)} />
      )}
      {dialog && dialog.kind !== "reassign" && (
        <StepDialog kind={dialog.kind} step={dialog.step} view={view} onClose={() => setDialog(null)} />
      )}
    </Section>
  );
}
