import type { TimelineEvent } from "@convive/domain/core";
import { formatDateTime } from "@convive/domain/core";
import { Stack, Text, ThemeIcon, Timeline } from "@mantine/core";
import {
  IconAlarm,
  IconArrowBackUp,
  IconBan,
  IconBellRinging,
  IconCalendarEvent,
  IconCheck,
  IconCircleCheck,
  IconEye,
  IconHandStop,
  IconListCheck,
  IconMessage,
  IconPaperclip,
  IconPencil,
  IconPencilPlus,
  IconStethoscope,
  IconUserEdit,
} from "@tabler/icons-react";
import { useEffect, useReducer } from "react";
import { useTranslation } from "react-i18next";
import { relativeTime } from "./format.ts";
import { describeEntry, sortTimeline } from "./timeline.ts";
import type { DetailView } from "./view.ts";

const ICONS: Record<TimelineEvent, typeof IconCheck> = {
  created: IconPencilPlus,
  updated: IconPencil,
  "attachment-added": IconPaperclip,
  "action-created": IconListCheck,
  "action-updated": IconPencil,
  "action-completed": IconCheck,
  "action-reopened": IconArrowBackUp,
  "action-waived": IconHandStop,
  "meeting-scheduled": IconCalendarEvent,
  "meeting-updated": IconCalendarEvent,
  closed: IconCircleCheck,
  cancelled: IconBan,
  reopened: IconArrowBackUp,
  "message.sent": IconMessage,
  "referral.created": IconStethoscope,
  "protocol.started": IconListCheck,
  "protocol.step-completed": IconCheck,
  "protocol.step-waived": IconHandStop,
  "protocol.step-reassigned": IconUserEdit,
  "protocol.step-overdue": IconAlarm,
  "protocol.completed": IconCircleCheck,
  acknowledged: IconEye,
  "minutes-acknowledged": IconEye,
  "acknowledgement-reminded": IconBellRinging,
};

/** Re-renders every minute so "hace 2 minutos" stays true while the view is open. */
function useMinuteTick() {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, 60_000);
    return () => clearInterval(timer);
  }, []);
}

/** The append-only history of the incident, newest first: what happened, to whom, who did it and when. */
export function TimelinePanel({ view }: { view: DetailView }) {
  const { t } = useTranslation(["incidentDetails", "incidents"]);
  useMinuteTick();
  const entries = sortTimeline(view.incident.timeline, "newest");
  const ctx = { incident: view.incident, t, lang: view.lang, timeZone: view.timeZone };
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("timeline.empty")}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {t("timeline.order")}
      </Text>
      <Timeline
        bulletSize={28}
        lineWidth={2}
        component="ol"
        aria-label={t("tabs.timeline")}
        style={{ listStyle: "none", margin: 0, paddingInlineStart: 0 }}
      >
        {entries.map((entry) => {
          const { text, lines } = describeEntry(entry, ctx);
          const Icon = ICONS[entry.event];
          return (
            <Timeline.Item
              key={entry.id}
              component="li"
              bullet={
                <ThemeIcon size={28} radius="xl" variant="light" color="gray" aria-hidden>
                  <Icon size={16} />
                </ThemeIcon>
              }
            >
              <Text size="sm" fw={500} style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
                {text}
              </Text>
              {lines.map((line) => (
                <Text key={line} size="sm" c="gray.8" style={{ overflowWrap: "anywhere" }}>
                  {line}
                </Text>
              ))}
              <Text size="xs" c="dimmed" mt={2}>
                {entry.user?.name ?? t("timeline.system")} ·{" "}
                <time dateTime={entry.at} title={formatDateTime(entry.at, view)}>
                  {relativeTime(entry.at, view.lang)}
                </time>{" "}
                ({formatDateTime(entry.at, view)})
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Stack>
  );
}
