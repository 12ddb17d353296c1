import type { ActionState, Classification, IncidentStatus, MeetingStatus } from "@convive/domain/core";
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A light badge whose text keeps 4.5:1 on its tint (Mantine's own shade 6 text falls short on yellow and orange). */
const TONES = {
  blue: { color: "blue", c: "blue.9" },
  teal: { color: "teal", c: "#056b4d" },
  gray: { color: "gray", c: "gray.8" },
  red: { color: "red", c: "red.9" },
  orange: { color: "orange", c: "#a03a00" },
  yellow: { color: "yellow", c: "#6e4e00" },
} as const;
type Tone = keyof typeof TONES;

function Tinted({ tone, label, size = "md" }: { tone: Tone; label: string; size?: "sm" | "md" | "lg" }) {
  return (
    <Badge variant="light" size={size} radius="sm" {...TONES[tone]} style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}

const STATUS_TONES: Record<IncidentStatus, Tone> = { open: "blue", closed: "teal", cancelled: "gray" };
const CLASSIFICATION_TONES: Record<Classification, Tone> = {
  minor: "yellow",
  serious: "orange",
  "very-serious": "red",
};
const ACTION_TONES: Record<ActionState, Tone> = { pending: "blue", overdue: "red", completed: "teal", waived: "gray" };
const MEETING_TONES: Record<MeetingStatus, Tone> = {
  scheduled: "blue",
  held: "teal",
  cancelled: "gray",
  "no-show": "orange",
};

export function StatusBadge({ status, size }: { status: IncidentStatus; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation("incidents");
  return <Tinted tone={STATUS_TONES[status]} label={t(`status.${status}`)} size={size} />;
}

export function ClassificationBadge({ value, size }: { value: Classification; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation("incidents");
  return <Tinted tone={CLASSIFICATION_TONES[value]} label={t(`classification.${value}`)} size={size} />;
}

export function ActionStateBadge({ state }: { state: ActionState }) {
  const { t } = useTranslation("incidents");
  return <Tinted tone={ACTION_TONES[state]} label={t(`actionState.${state}`)} size="sm" />;
}

export function MeetingStatusBadge({ status }: { status: MeetingStatus }) {
  const { t } = useTranslation("incidents");
  return <Tinted tone={MEETING_TONES[status]} label={t(`meetingStatus.${status}`)} size="sm" />;
}

/** A family's acknowledgement (issue 30 §1): acknowledged (teal), not yet (orange), a disagreement (red). */
export function AcknowledgementBadge({ tone, label }: { tone: "teal" | "orange" | "red"; label: string }) {
  return <Tinted tone={tone} label={label} size="sm" />;
}
