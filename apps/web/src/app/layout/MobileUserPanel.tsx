import type { UserPayload } from "@convive/domain";
import { PATHS } from "@convive/domain/core";
import { Badge, Stack, UnstyledButton } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { resetBell } from "../../features/notifications/api/reset-bell.ts";
import { bellLabel, hasBell } from "../../features/notifications/components/NotificationBell.tsx";
import { SchoolSwitcher } from "./SchoolSwitcher.tsx";
import classes from "./Sidebar.module.css";
import { UserBlock } from "./UserBlock.tsx";

/**
 * Spec §2: the mobile sidebar also shows the user's name, avatar and the notification counter; and the school the
 * user is in, where a member of several schools switches (issue 12 §3).
 */
export function MobileUserPanel({
  user,
  schoolId,
  school,
  onNavigate,
}: {
  user: UserPayload;
  schoolId: string | null;
  school: { name: string; logo: string | null } | null | undefined;
  onNavigate: () => void;
}) {
  const { t } = useTranslation("notifications");
  const navigate = useNavigate();
  const count = user.unviewed_notifications_count;
  const openNotifications = async () => {
    onNavigate();
    await resetBell(user, schoolId).catch((error) => console.warn("bell reset failed", error));
    navigate(PATHS.notifications);
  };
  return (
    <Stack gap={4} p="sm" className={classes.panel}>
      <UserBlock user={user} tone="sidebar" onNavigate={onNavigate} />
      {schoolId && (
        <SchoolSwitcher
          user={user}
          schoolId={schoolId}
          logo={school?.logo}
          schoolName={school?.name}
          tone="sidebar"
          onSwitched={onNavigate}
        />
      )}
      {hasBell(user) && (
        <UnstyledButton className={classes.link} onClick={() => void openNotifications()}>
          <IconBell size={22} stroke={1.7} aria-hidden className={classes.icon} />
          <span className={classes.label}>{t("bell.unviewed")}</span>
          <Badge ml="auto" color={count > 0 ? "red.9" : "gray.7"} variant="filled" size="md" circle={count < 10}>
            {bellLabel(count)}
          </Badge>
        </UnstyledButton>
      )}
    </Stack>
  );
}
