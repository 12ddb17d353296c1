import type { FormativeAction } from "@convive/domain";
import { formatDateTime, formatDay } from "@convive/domain/core";
import { Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconHandStop, IconPencil } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { completedCount, isPending, mayTick } from "./actions.ts";
import { ActionStateBadge } from "./Badges.tsx";
import { Occurrences } from "./Occurrences.tsx";
import type { DetailView } from "./view.ts";

interface ActionCardProps {
  action: FormativeAction;
  view: DetailView;
  onEdit?: () => void;
  onWaive?: () => void;
}

/** One formative action: what, who, when, its state, and its dates (a checklist for whoever may tick them). */
export function ActionCard({ action, view, onEdit, onWaive }: ActionCardProps) {
  const { t } = useTranslation("incidentDetails");
  const { lang } = view;
  const canTick = mayTick(action, view.incident, view.userId);
  const done = completedCount(action);
  const total = action.occurrences.length;
  const day = (d: string) => formatDay(d, { lang, weekday: true });

  const when =
    action.repeat === "none" || !action.ends_on
      ? day(action.starts_on)
      : t("actions.range", { from: day(action.starts_on), to: day(action.ends_on) });

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={action.guideline}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
            {action.guideline}
          </Text>
          <ActionStateBadge state={action.state} />
        </Group>
        <Text size="xs" c="dimmed">
          {t("actions.responsible", { name: action.responsible.name })} · {when} ·{" "}
          {t(`incidents:repeat.${action.repeat}`)}
        </Text>
        {action.notes && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {action.notes}
          </Text>
        )}
        {total > 1 && (
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={(done / total) * 100}
              size="sm"
              style={{ flex: 1 }}
              color={action.state === "overdue" ? "red.8" : "teal.8"}
              aria-label={t("actions.progress", { done, total })}
            />
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {t("actions.progress", { done, total })}
            </Text>
          </Group>
        )}
        <Occurrences action={action} view={view} canTick={canTick} />
        {action.state === "waived" && action.waived_at && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("actions.waivedBy", {
              name: action.waived_by?.name ?? "—",
              when: formatDateTime(action.waived_at, { lang, timeZone: view.timeZone }),
              reason: action.waive_reason ?? "",
            })}
          </Text>
        )}
        {(onEdit || (onWaive && isPending(action.state))) && (
          <Group gap="xs" justify="flex-end">
            {onEdit && action.state !== "waived" && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={onEdit}
              >
                {t("actions.edit")}
              </Button>
            )}
            {onWaive && isPending(action.state) && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconHandStop size={14} aria-hidden />}
                onClick={onWaive}
              >
                {t("actions.waive")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
