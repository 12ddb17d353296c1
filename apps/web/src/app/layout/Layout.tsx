import "../full-styles.ts";
import { DEFAULT_INSTITUTIONAL_COLORS, findLayoutRoute } from "@convive/domain/core";
import { AppShell, Box, Drawer, getDefaultZIndex, useMantineTheme } from "@mantine/core";
import { type CSSProperties, Suspense, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { PageLoader } from "../../components/PageLoader.tsx";
import { ScreenLoader } from "../../components/ScreenLoader.tsx";
import { useCurrentUser } from "../../features/auth/api/current-user.ts";
import { logout } from "../../features/auth/api/logout.ts";
import { hasBell } from "../../features/notifications/components/NotificationBell.tsx";
import { useNotificationSocket } from "../../features/notifications/realtime.ts";
import { OfflineBar } from "../../features/offline/index.ts";
import { PrivacyNotice } from "../../features/privacy/PrivacyNotice.tsx";
import { StudentFileHost } from "../../features/student-file/StudentFileHost.tsx";
import { useSchoolInformation } from "../../lib/school-information.ts";
import { useSession } from "../../lib/session.ts";
import { useOfflineApp } from "../offline.ts";
import { SCREENS } from "../screens.ts";
import { sidebarPalette } from "./contrast.ts";
import { Header } from "./Header.tsx";
import { MobileUserPanel } from "./MobileUserPanel.tsx";
import { ModulePlaceholder } from "./ModulePlaceholder.tsx";
import { menuItemsFor } from "./menu.ts";
import { PageTitle } from "./PageTitle.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { useResetColorsOnLeave, useSchoolColors } from "./school-information.ts";
import { useSidebar } from "./useSidebar.ts";

const HEADER_HEIGHT = 64;
const NAV_WIDTH = 256;
const RAIL_WIDTH = 72;

/** "<title> · Convive" while the screen is shown. */
function useDocumentTitle(title: string, appName: string) {
  useEffect(() => {
    document.title = `${title} · ${appName}`;
    return () => {
      document.title = appName;
    };
  }, [title, appName]);
}

/** Sidebar colours from the school's theme, each text colour checked against its background. */
function useSidebarVariables(): CSSProperties {
  const other = useMantineTheme().other as { nav: string; button: string; activeBg: string; activeText: string };
  return useMemo(() => {
    const p = sidebarPalette([other.nav, other.button, other.activeBg, other.activeText]);
    const light = p.text === "#ffffff";
    return {
      "--sb-bg": p.background,
      "--sb-text": p.text,
      "--sb-hover-text": p.hoverText,
      "--sb-hover-bg": light ? "rgba(255, 255, 255, 0.08)" : "rgba(0, 0, 0, 0.06)",
      "--sb-active-bg": p.activeBackground,
      "--sb-active-text": p.activeText,
      "--sb-divider": light ? "rgba(255, 255, 255, 0.14)" : "rgba(0, 0, 0, 0.12)",
    } as CSSProperties;
  }, [other.nav, other.button, other.activeBg, other.activeText]);
}

/** Spec §2 Layout: collapsible sidebar, header and content; every screen inside the layout renders here. */
export default function Layout() {
  // Waits for the shell's texts (menu, titles: locales/<lng>/shell.json) before drawing anything.
  const { t } = useTranslation(["common", "shell"]);
  const { pathname } = useLocation();
  const { token, schoolId } = useSession();
  const user = useCurrentUser().data;
  const sidebar = useSidebar();
  const variables = useSidebarVariables();
  const outbox = useOfflineApp();

  const withRole = user !== undefined && user.root === 0 && (user.roles?.length ?? 0) > 0;
  const school = useSchoolInformation(schoolId, withRole).data;
  useSchoolColors(school);
  useResetColorsOnLeave(DEFAULT_INSTITUTIONAL_COLORS);
  useNotificationSocket(user?.id ?? null, schoolId, Boolean(token) && user !== undefined && hasBell(user));

  const route = findLayoutRoute(pathname);
  const title = route ? t(route.titleKey) : t("appName");
  useDocumentTitle(title, t("appName"));
  const items = useMemo(() => (user ? menuItemsFor(user) : []), [user]);
  const Screen = route ? (SCREENS[route.path] ?? SCREENS[`/${route.path}`]) : undefined;
  const signOut = () => void logout("signedOut");

  if (!user) return <PageLoader />; // the guard already waits for the user; this keeps the content honest

  const { overlay, open } = sidebar;
  return (
    <AppShell
      // A school switch (issue 12 §3) mounts everything afresh: no screen keeps what it read in the other school.
      key={schoolId ?? ""}
      header={{ height: HEADER_HEIGHT }}
      navbar={overlay ? undefined : { width: open ? NAV_WIDTH : RAIL_WIDTH, breakpoint: 0 }}
      padding={{ base: "sm", sm: "lg" }}
      style={variables}
    >
      {/* Above the sidebar (Mantine puts it one above the app's layer): the header's school menu opens inside the
          header and over the sidebar's top (issue 12 §3). */}
      <AppShell.Header zIndex={getDefaultZIndex("app") + 2}>
        <Header
          user={user}
          schoolId={schoolId}
          logo={school?.logo}
          schoolName={school?.name}
          overlay={overlay}
          sidebarOpen={open}
          onToggle={sidebar.toggle}
          title={title}
          path={pathname}
        />
      </AppShell.Header>
      {!overlay && (
        <AppShell.Navbar withBorder={false}>
          <Sidebar items={items} pathname={pathname} rail={!open} onChoose={sidebar.choose} onLogout={signOut} />
        </AppShell.Navbar>
      )}
      <Drawer
        opened={overlay && open}
        onClose={sidebar.close}
        size={300}
        title={t("layout:sidebar.label")}
        closeButtonProps={{ "aria-label": t("actions.close") }}
        styles={{
          content: {
            ...variables,
            background: "var(--sb-bg)",
            color: "var(--sb-text)",
            display: "flex",
            flexDirection: "column",
          },
          header: { background: "var(--sb-bg)", color: "var(--sb-text)", minHeight: HEADER_HEIGHT },
          close: { color: "var(--sb-text)" },
          body: { padding: 0, flex: 1, minHeight: 0 },
        }}
      >
        <Sidebar
          items={items}
          pathname={pathname}
          rail={false}
          onChoose={sidebar.choose}
          onLogout={signOut}
          top={<MobileUserPanel user={user} schoolId={schoolId} school={school} onNavigate={sidebar.close} />}
        />
      </Drawer>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Suspense fallback={null}>
          <OfflineBar outbox={outbox} />
        </Suspense>
        {overlay && (
          <Box mb="md">
            <PageTitle title={title} path={pathname} size="h2" />
          </Box>
        )}
        {/* One boundary per route: the previous screen never stays under a new URL while the next one loads. */}
        <Suspense key={route?.path ?? pathname} fallback={<ScreenLoader />}>
          {Screen ? <Screen /> : <ModulePlaceholder title={title} />}
        </Suspense>
      </AppShell.Main>
      <PrivacyNotice user={user} schoolId={schoolId} school={school} />
      <StudentFileHost />
    </AppShell>
  );
}
