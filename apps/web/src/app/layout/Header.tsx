import type { UserPayload } from "@convive/domain";
import { ActionIcon, Burger, Group, Tooltip } from "@mantine/core";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LanguageMenu } from "../../components/LanguageMenu.tsx";
import { LiveChat } from "../../features/live-chat/LiveChat.tsx";
import { hasBell, NotificationBell } from "../../features/notifications/components/NotificationBell.tsx";
import classes from "./Header.module.css";
import { PageTitle } from "./PageTitle.tsx";
import { SchoolSwitcher } from "./SchoolSwitcher.tsx";
import { UserBlock } from "./UserBlock.tsx";

interface HeaderProps {
  user: UserPayload;
  schoolId: string | null;
  logo: string | null | undefined;
  schoolName: string | undefined;
  /** Phone and narrow windows: burger for the drawer, title moves into the content, user block into the drawer. */
  overlay: boolean;
  sidebarOpen: boolean;
  onToggle: () => void;
  title: string;
  path: string;
}

/**
 * Spec §2 header: toggle, school logo (with the school's name, and the switch between the user's schools: issue 12
 * §3), screen title and help, language, bell, user block (and §1's live chat).
 */
export function Header({ user, schoolId, logo, schoolName, overlay, sidebarOpen, onToggle, title, path }: HeaderProps) {
  const { t } = useTranslation("layout");
  const toggleLabel = sidebarOpen ? t("header.collapse") : t("header.expand");
  return (
    <Group h="100%" px={{ base: "xs", sm: "md" }} gap="sm" wrap="nowrap" className={classes.header}>
      {overlay ? (
        <Burger
          opened={sidebarOpen}
          onClick={onToggle}
          size="sm"
          aria-label={toggleLabel}
          aria-expanded={sidebarOpen}
        />
      ) : (
        <Tooltip label={toggleLabel}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onToggle}
            aria-label={toggleLabel}
            aria-expanded={sidebarOpen}
          >
            {sidebarOpen ? (
              <IconLayoutSidebarLeftCollapse size={22} aria-hidden />
            ) : (
              <IconLayoutSidebarLeftExpand size={22} aria-hidden />
            )}
          </ActionIcon>
        </Tooltip>
      )}
      <SchoolSwitcher
        user={user}
        schoolId={schoolId}
        logo={logo}
        schoolName={schoolName}
        tone="header"
        compact={overlay}
      />
      {!overlay && (
        <div className={classes.title}>
          <PageTitle title={title} path={path} />
        </div>
      )}
      <Group gap={overlay ? 4 : "sm"} wrap="nowrap" ml="auto" className={classes.actions}>
        <LanguageMenu />
        {hasBell(user) && <NotificationBell user={user} schoolId={schoolId} />}
        {!overlay && <UserBlock user={user} tone="header" />}
      </Group>
      <LiveChat />
    </Group>
  );
}
