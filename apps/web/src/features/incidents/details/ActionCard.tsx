import type { FormativeAction } from "@convive/domain";
import { Button, Checkbox, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconHandStop, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { completedCount, isLate, isPending, mayTick, visibleOccurrences } from "./actions.ts";
import { completeOccurrence, uncompleteOccurrence } from "./api.ts";
import { ActionStateBadge } from "./Badges.tsx";
import { formatDateTime, formatDay } from "./format.ts";
import type { DetailView } from "./view.ts";

interface ActionCardProps {
  action: FormativeAction;
  view: DetailView;
  onEdit?: () => void;
  onWaive?: () => void;
}

/** One formative action: what, who, when, its state, and its occurrences as a checklist. */
export function ActionCard({ action, view, onEdit, onWaive }: ActionCardProps) {
  const { t } = useTranslation("incidentDetails");
  const { lang, today } = view;
  const [expanded, setExpanded] = useState(false);
  // The tick shows at once while the server saves it; the incident fetched again then tells the truth.
  const [saving, setSaving] = useState<{ on: string; done: boolean } | null>(null);
  const canTick = mayTick(action, view.incident, view.userId);
  const { shown, hidden } = visibleOccurrences(action.occurrences, expanded);
  const done = completedCount(action);
  const total = action.occurrences.length;
  const day = (d: string) => formatDay(d, lang);

  const toggle = async (on: string, done: boolean) => {
    setSaving({ on, done });
    try {
      if (done) await completeOccurrence(action.id, on);
      else await uncompleteOccurrence(action.id, on);
      toast("success", t("common:messages.saved"));
      await view.refresh();
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setSaving(null);
    }
  };

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
        <Stack gap={6} role="group" aria-label={t("actions.occurrences")}>
          {shown.map((o) => {
            const late = isLate(o, today);
            const description = o.completed_at
              ? t("actions.completedBy", {
                  name: o.completed_by?.name ?? "—",
                  when: formatDateTime(o.completed_at, view.timeZone, lang),
                })
              : late
                ? t("actions.late")
                : undefined;
            return (
              <Checkbox
                key={o.on}
                checked={saving?.on === o.on ? saving.done : o.completed_at !== null}
                disabled={!canTick || (saving !== null && saving.on !== o.on)}
                readOnly={saving?.on === o.on}
                onChange={(e) => {
                  if (!saving) void toggle(o.on, e.currentTarget.checked);
                }}
                label={day(o.on)}
                description={description}
                color="teal.8"
                styles={late ? { description: { color: "var(--mantine-color-red-9)", fontWeight: 600 } } : undefined}
                aria-busy={saving?.on === o.on}
              />
            );
          })}
          {hidden > 0 && (
            <Button variant="subtle" size="compact-xs" onClick={() => setExpanded((v) => !v)} w="fit-content">
              {expanded ? t("actions.showFewer") : t("actions.showAll", { count: total })}
            </Button>
          )}
        </Stack>
        {action.state === "waived" && action.waived_at && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("actions.waivedBy", {
              name: action.waived_by?.name ?? "—",
              when: formatDateTime(action.waived_at, view.timeZone, lang),
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
