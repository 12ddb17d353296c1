import type { ParentMeeting } from "@convive/domain";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconCalendarPlus, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { MeetingCard } from "./MeetingCard.tsx";
import { MeetingForm } from "./MeetingForm.tsx";
import type { DetailView } from "./view.ts";

/** Parent meetings, soonest scheduled first, then the rest newest first. */
export function sortMeetings(meetings: readonly ParentMeeting[]): ParentMeeting[] {
  const upcoming = meetings
    .filter((m) => m.status === "scheduled")
    .sort((a, b) => a.scheduled_at.localeCompare(b.scheduled_at));
  const past = meetings
    .filter((m) => m.status !== "scheduled")
    .sort((a, b) => b.scheduled_at.localeCompare(a.scheduled_at));
  return [...upcoming, ...past];
}

export function MeetingsPanel({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const { incident } = view;
  const [editing, setEditing] = useState<{ meeting: ParentMeeting | null } | null>(null);
  const meetings = sortMeetings(incident.meetings);
  const canAdd = incident.allowed.add_meetings;
  const canUpdate = incident.allowed.update_meetings;

  const addButton = canAdd && (
    <Button leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setEditing({ meeting: null })}>
      {t("meetings.add")}
    </Button>
  );

  return (
    <Stack gap="md">
      {meetings.length === 0 ? (
        <EmptyState
          order={3}
          icon={<IconUsersGroup size={28} />}
          title={t("meetings.emptyTitle")}
          description={canAdd ? t("meetings.emptyDescription") : t("meetings.emptyReadOnly")}
          action={addButton}
        />
      ) : (
        <>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t("meetings.summary", { count: meetings.length })}
            </Text>
            {addButton}
          </Group>
          {meetings.map((meeting) => (
            <MeetingCard
              key={meeting.id}
              meeting={meeting}
              view={view}
              onEdit={canUpdate ? () => setEditing({ meeting }) : undefined}
            />
          ))}
        </>
      )}
      {editing && <MeetingForm view={view} meeting={editing.meeting} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
