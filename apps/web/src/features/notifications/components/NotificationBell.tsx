import type { UserPayload } from "@convive/domain";
import { PATHS } from "@convive/domain/core";
import { ActionIcon, Indicator, Tooltip } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { resetBell } from "../api/reset-bell.ts";

/** Whether the user gets the bell: a role in the school and the notifications module (spec §2 Layout). */
export const hasBell = (user: UserPayload) =>
  (user.roles?.length ?? 0) > 0 && user.permissionsModules.includes("module-notifications");

/** Counts above this read "99+" so the badge keeps its size. */
const MAX_SHOWN = 99;
export const bellLabel = (count: number) => (count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count));

/**
 * The header bell with the unviewed count (spec §4). Clicking resets the count on the server, then opens
 * /notifications; a failed reset is only logged, the screen still opens and the poll brings the count back.
 */
export function NotificationBell({
  user,
  schoolId,
  onOpen,
}: {
  user: UserPayload;
  schoolId: string | null;
  onOpen?: () => void;
}) {
  const { t } = useTranslation("notifications");
  const navigate = useNavigate();
  const count = user.unviewed_notifications_count;
  const label = count > 0 ? t("bell.labelCount", { count }) : t("bell.label");
  const open = async () => {
    onOpen?.();
    await resetBell(user, schoolId).catch((error) => console.warn("bell reset failed", error));
    navigate(PATHS.notifications);
  };
  return (
    <Tooltip label={label}>
      <Indicator label={bellLabel(count)} disabled={count === 0} size={18} color="red.9" offset={6} inline>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={() => void open()}>
          <IconBell size={22} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
