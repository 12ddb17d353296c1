import { formatDateTime } from "@convive/domain/core";
import { Alert, Stack, Text } from "@mantine/core";
import { IconBan, IconCircleCheck, IconPencilPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DetailView } from "./view.ts";

function Note({ icon, color, children }: { icon: ReactNode; color: string; children: ReactNode }) {
  return (
    <Alert
      variant="light"
      color={color}
      icon={icon}
      p="sm"
      styles={{ message: { color: "var(--mantine-color-text)" } }}
    >
      {children}
    </Alert>
  );
}

/** Who recorded, closed or cancelled the incident and when, with the closing note or the reason. */
export function RecordNotes({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const { incident, timeZone, lang } = view;
  const when = (iso: string) => formatDateTime(iso, { lang, timeZone });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        <IconPencilPlus size={14} aria-hidden style={{ verticalAlign: "-2px", marginInlineEnd: 4 }} />
        {t("record.created", { name: incident.recorded_by.name, when: when(incident.created_at) })}
      </Text>
      {incident.status === "closed" && incident.closed_at && (
        <Note color="teal" icon={<IconCircleCheck size={18} aria-hidden />}>
          <Text size="sm" fw={600}>
            {t("record.closed", { name: incident.closed_by?.name ?? "—", when: when(incident.closed_at) })}
          </Text>
          {incident.closing_note && (
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {incident.closing_note}
            </Text>
          )}
        </Note>
      )}
      {incident.status === "cancelled" && incident.cancelled_at && (
        <Note color="gray" icon={<IconBan size={18} aria-hidden />}>
          <Text size="sm" fw={600}>
            {t("record.cancelled", { name: incident.cancelled_by?.name ?? "—", when: when(incident.cancelled_at) })}
          </Text>
          {incident.cancel_reason && (
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {incident.cancel_reason}
            </Text>
          )}
        </Note>
      )}
    </Stack>
  );
}
