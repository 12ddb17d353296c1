import { isHttpUrl, type ParentMeeting } from "@convive/domain";
import { formatDateTime } from "@convive/domain/core";
import { Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconCalendarEvent, IconExternalLink, IconMapPin, IconPencil, IconVideo } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { MeetingStatusBadge } from "./Badges.tsx";
import { MinutesAcknowledgement } from "./MinutesAcknowledgement.tsx";
import type { DetailView } from "./view.ts";

function Block({ label, text }: { label: string; text: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {text}
      </Text>
    </Stack>
  );
}

/** One parent meeting: when, where or the link, who attends, agreements and minutes. */
export function MeetingCard({
  meeting,
  view,
  onEdit,
}: {
  meeting: ParentMeeting;
  view: DetailView;
  onEdit?: () => void;
}) {
  const { t } = useTranslation("incidentDetails");
  const when = formatDateTime(meeting.scheduled_at, view);
  const family = meeting.attendees.filter((a) => a.kind === "family");
  const staff = meeting.attendees.filter((a) => a.kind === "staff");
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={t("meetings.itemLabel", { when })}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap={6} wrap="nowrap">
            <IconCalendarEvent size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} size="sm">
              {when}
            </Text>
          </Group>
          <MeetingStatusBadge status={meeting.status} />
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          {meeting.mode === "online" ? (
            <IconVideo size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          ) : (
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          )}
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t(`incidents:meetingMode.${meeting.mode}`)}
            {meeting.mode === "in-person" && meeting.place ? ` · ${meeting.place}` : ""}
            {meeting.mode === "online" && meeting.meeting_url && isHttpUrl(meeting.meeting_url) && (
              <>
                {" · "}
                <Anchor href={meeting.meeting_url} target="_blank" rel="noopener noreferrer" size="sm">
                  {t("meetings.join")}
                  <IconExternalLink size={14} aria-hidden style={{ verticalAlign: "-2px", marginInlineStart: 2 }} />
                </Anchor>
              </>
            )}
          </Text>
        </Group>
        {meeting.attendees.length > 0 && (
          <Stack gap={2}>
            {family.length > 0 && (
              <Text size="sm">
                <Text span size="sm" fw={600}>
                  {t("meetings.family")}:
                </Text>{" "}
                {family.map((a) => a.name).join(", ")}
              </Text>
            )}
            {staff.length > 0 && (
              <Text size="sm">
                <Text span size="sm" fw={600}>
                  {t("meetings.staff")}:
                </Text>{" "}
                {staff.map((a) => a.name).join(", ")}
              </Text>
            )}
          </Stack>
        )}
        {meeting.agreements && <Block label={t("meetings.agreements")} text={meeting.agreements} />}
        {meeting.minutes && <Block label={t("meetings.minutes")} text={meeting.minutes} />}
        {meeting.minutes && <MinutesAcknowledgement meeting={meeting} view={view} />}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t("meetings.scheduledBy", { name: meeting.created_by.name })}
          </Text>
          {onEdit && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
            >
              {t("meetings.update")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
