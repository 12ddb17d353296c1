import type { ParentMeeting } from "@convive/domain";
import { formatDateTime } from "@convive/domain/core";
import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useIncidentAcknowledgements } from "../api/acknowledgements.ts";
import { AcknowledgeButton, AcknowledgedLine } from "./FamilyAcknowledgement.tsx";
import type { DetailView } from "./view.ts";

/**
 * A meeting's minutes acknowledged like the incident (issue 30 §1): the household that attends taps "Enterado"
 * under the minutes; staff read who did and when.
 */
export function MinutesAcknowledgement({ meeting, view }: { meeting: ParentMeeting; view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const acks = useIncidentAcknowledgements(view.incident.id).data;
  const entry = acks?.meetings.find((m) => m.meeting_id === meeting.id);
  if (!entry) return null;
  const others = entry.acknowledgements.filter((a) => a.id !== entry.mine?.id);
  if (!view.family && others.length === 0) {
    return (
      <Text size="xs" c="gray.8">
        {t("acknowledgement.minutesNobody")}
      </Text>
    );
  }
  const when = formatDateTime(meeting.scheduled_at, view);
  return (
    <Stack gap={6}>
      {view.family && (
        <AcknowledgeButton
          target={{ meetingId: meeting.id }}
          mine={entry.mine}
          mayAcknowledge={entry.may_acknowledge}
          view={view}
          title={t("acknowledgement.minutesDialogTitle", { when })}
          intro={t("acknowledgement.minutesDialogIntro")}
          label={t("acknowledgement.minutesButton")}
        />
      )}
      {others.map((a) => (
        <AcknowledgedLine key={a.id} ack={a} view={view} own={false} />
      ))}
    </Stack>
  );
}
