import type { ActionState, Classification, IncidentStatus } from "@convive/domain/core";
import { Badge, type BadgeProps } from "@mantine/core";
import { IconAlertTriangle, IconCircleFilled, IconSquareRoundedFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/**
 * Badges of the archive (and of anything else in the incidents feature): light backgrounds with dark text of the
 * same hue, so each pair stays above 4.5:1 (WCAG AA); the word always goes with the colour.
 */
const TONES = {
  amber: { color: "yellow", c: "#6b4a00" },
  orange: { color: "orange", c: "#8a3a00" },
  red: { color: "red", c: "#a11a1a" },
  blue: { color: "blue", c: "#164f93" },
  teal: { color: "teal", c: "#056b4d" },
  gray: { color: "gray", c: "gray.8" },
} as const;
type Tone = keyof typeof TONES;

function Tinted({ tone, children, ...rest }: { tone: Tone } & BadgeProps & { children: React.ReactNode }) {
  return (
    <Badge
      variant="light"
      size="sm"
      radius="sm"
      {...TONES[tone]}
      style={{ flexShrink: 0, minWidth: "max-content" }}
      {...rest}
    >
      {children}
    </Badge>
  );
}

const SEVERITY: Record<Classification, Tone> = { minor: "amber", serious: "orange", "very-serious": "red" };

/** Leve, Grave, Muy grave: one, two or three marks besides the colour. */
export function ClassificationBadge({ value }: { value: Classification }) {
  const { t } = useTranslation("incidents");
  const icon =
    value === "very-serious" ? (
      <IconAlertTriangle size={12} aria-hidden />
    ) : value === "serious" ? (
      <IconSquareRoundedFilled size={9} aria-hidden />
    ) : (
      <IconCircleFilled size={8} aria-hidden />
    );
  return (
    <Tinted tone={SEVERITY[value]} leftSection={icon} tt="none">
      {t(`classification.${value}`)}
    </Tinted>
  );
}

const STATUS: Record<IncidentStatus, Tone> = { open: "blue", closed: "teal", cancelled: "gray" };

export function IncidentStatusBadge({ value }: { value: IncidentStatus }) {
  const { t } = useTranslation("incidents");
  return (
    <Tinted tone={STATUS[value]} tt="none">
      {t(`status.${value}`)}
    </Tinted>
  );
}

const ACTION: Record<ActionState, Tone> = { overdue: "red", pending: "blue", completed: "teal", waived: "gray" };

export function ActionStateBadge({ value }: { value: ActionState }) {
  const { t } = useTranslation("incidents");
  return (
    <Tinted tone={ACTION[value]} tt="none">
      {t(`actionState.${value}`)}
    </Tinted>
  );
}
