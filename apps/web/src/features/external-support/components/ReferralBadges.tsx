import type { ReferralStatus } from "@convive/domain";
import { Badge, Group } from "@mantine/core";
import { IconAlarm } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/**
 * Text colours above WCAG AA on the light badges' tints (Mantine's own .8/.9 shades of teal and orange fall short),
 * as the consent tab and the announcements use.
 */
const STATUS_STYLE: Record<ReferralStatus, { color: string; c: string }> = {
  requested: { color: "blue", c: "blue.9" },
  in_progress: { color: "teal", c: "#056b4d" },
  closed: { color: "gray", c: "gray.8" },
};
export const DUE_TEXT = "#7c4a03";

export function StatusBadge({ status }: { status: ReferralStatus }) {
  const { t } = useTranslation("externalSupport");
  return (
    <Badge variant="light" tt="none" style={{ flexShrink: 0 }} {...STATUS_STYLE[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** "Revisión pendiente": the review date is today or past and the referral is still open. */
export function DueBadge() {
  const { t } = useTranslation("externalSupport");
  return (
    <Badge
      variant="light"
      color="yellow"
      c={DUE_TEXT}
      tt="none"
      leftSection={<IconAlarm size={14} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      {t("due")}
    </Badge>
  );
}

/** The referral's status and, when its review is due, the marker. */
export function ReferralBadges({ status, review_due }: { status: ReferralStatus; review_due: boolean }) {
  return (
    <Group gap={6} wrap="wrap" justify="flex-end" style={{ flexShrink: 0 }}>
      <StatusBadge status={status} />
      {review_due && <DueBadge />}
    </Group>
  );
}
