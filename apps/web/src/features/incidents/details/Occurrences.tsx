import type { FormativeAction } from "@convive/domain";
import { formatDateTime, formatDay } from "@convive/domain/core";
import { Button, Checkbox, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconAlertCircle, IconCircle, IconCircleCheckFilled } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isLate, visibleOccurrences } from "./actions.ts";
import { useTickOccurrence } from "./api.ts";
import type { DetailView } from "./view.ts";

type Occurrence = FormativeAction["occurrences"][number];

/**
 * The dates of an action: a checklist for whoever may tick them (the responsible user, formative-action
 * updaters), a plain list with marks for everyone else (a family, a colleague) — disabled checkboxes read poorly.
 */
export function Occurrences({
  action,
  view,
  canTick,
}: {
  action: FormativeAction;
  view: DetailView;
  canTick: boolean;
}) {
  const { t } = useTranslation("incidentDetails");
  const { lang, today } = view;
  const [expanded, setExpanded] = useState(false);
  // The tick shows at once while the server saves it; the incident fetched again then tells the truth.
  const tick = useTickOccurrence(view.incident.id, action.id, { failure: (error) => error.message });
  const saving = tick.saving ?? null;
  const { shown, hidden } = visibleOccurrences(action.occurrences, expanded);

  const toggle = (on: string, done: boolean) => void tick.submit({ on, done });

  const describe = (o: Occurrence) =>
    o.completed_at
      ? t("actions.completedBy", {
          name: o.completed_by?.name ?? "—",
          when: formatDateTime(o.completed_at, { lang, timeZone: view.timeZone }),
        })
      : isLate(o, today)
        ? t("actions.late")
        : undefined;
  const lateStyle = { color: "var(--mantine-color-red-9)", fontWeight: 600 };

  const items = canTick ? (
    <Stack gap={6} role="group" aria-label={t("actions.occurrences")}>
      {shown.map((o) => (
        <Checkbox
          key={o.on}
          checked={saving?.on === o.on ? saving.done : o.completed_at !== null}
          disabled={saving !== null && saving.on !== o.on}
          readOnly={saving?.on === o.on}
          onChange={(e) => {
            if (!saving) toggle(o.on, e.currentTarget.checked);
          }}
          label={formatDay(o.on, { lang, weekday: true })}
          description={describe(o)}
          color="teal.8"
          styles={isLate(o, today) ? { description: lateStyle } : undefined}
          aria-busy={saving?.on === o.on}
        />
      ))}
    </Stack>
  ) : (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }} aria-label={t("actions.occurrences")}>
      {shown.map((o) => {
        const late = isLate(o, today);
        const Icon = o.completed_at ? IconCircleCheckFilled : late ? IconAlertCircle : IconCircle;
        const color = o.completed_at
          ? "var(--mantine-color-teal-8)"
          : late
            ? "var(--mantine-color-red-9)"
            : "var(--mantine-color-gray-6)";
        return (
          <Group component="li" key={o.on} gap="xs" wrap="nowrap" align="flex-start">
            <Icon size={20} color={color} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={0}>
              <Text size="sm">
                {formatDay(o.on, { lang, weekday: true })}
                {!o.completed_at && !late && (
                  <VisuallyHidden>{` — ${t("incidents:actionState.pending")}`}</VisuallyHidden>
                )}
              </Text>
              {describe(o) && (
                <Text size="xs" c={late ? undefined : "dimmed"} style={late ? lateStyle : undefined}>
                  {describe(o)}
                </Text>
              )}
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );

  return (
    <Stack gap={6}>
      {items}
      {hidden > 0 && (
        <Button variant="subtle" size="compact-xs" onClick={() => setExpanded((v) => !v)} w="fit-content">
          {expanded ? t("actions.showFewer") : t("actions.showAll", { count: action.occurrences.length })}
        </Button>
      )}
    </Stack>
  );
}
