import { Alert, Button, Center, Group, Loader, Stack, Tabs, Text } from "@mantine/core";
import { IconBellOff, IconChecks } from "@tabler/icons-react";
import dayjs from "dayjs";
import "dayjs/locale/es";
import { ROLE_FAMILIAR } from "@convive/domain/core";
import relativeTime from "dayjs/plugin/relativeTime";
import { useEffect, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { useSession } from "../../../lib/session.ts";
import { AnnouncementsPanel } from "../../announcements/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { MESSAGES_TAB, MessagesInbox, MessagesTabLabel, TAB_PARAM } from "../../messages/index.ts";
import { FamilyChildren } from "../../student-file/index.ts";
import { useMarkAllRead, useMarkRead, useNotifications } from "../api/notifications.ts";
import { resetBell } from "../api/reset-bell.ts";
import { NotificationCard } from "../components/NotificationCard.tsx";

dayjs.extend(relativeTime);

/** Re-renders every minute so "hace 2 minutos" stays true while the screen is open. */
function useMinuteTick() {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, 60_000);
    return () => clearInterval(timer);
  }, []);
}

/**
 * /notifications: a family's children first, with their latest news (issue 12 §1: a family lands on their
 * children), then the user's notifications in this school, newest first (product design §6). Beside them, for
 * whoever may read messages, the "Mensajes" tab with its own unread badge (issue 27 §3, `?tab=messages`): the
 * conversations, then the announcements. Notifications stay the default tab, a family's landing view.
 */
export default function NotificationsPage() {
  const { t } = useTranslation(["notifications", "messages"]);
  const user = useCurrentUser().data;
  const family = user?.roles?.[0]?.name === ROLE_FAMILIAR;
  const [params, setParams] = useSearchParams();
  const notifications = (
    <Stack gap="xl">
      <FamilyChildren enabled={family} />
      <NotificationsList />
    </Stack>
  );
  if (!user?.permissions.includes("messages.read")) return notifications;

  const tab = params.get(TAB_PARAM) === MESSAGES_TAB ? MESSAGES_TAB : "notifications";
  const choose = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === MESSAGES_TAB) next.set(TAB_PARAM, MESSAGES_TAB);
      else next.delete(TAB_PARAM);
      return next;
    });
  return (
    <Tabs value={tab} onChange={choose} keepMounted={false}>
      <Tabs.List mb="lg">
        <Tabs.Tab value="notifications">{t("bell.label")}</Tabs.Tab>
        <Tabs.Tab value={MESSAGES_TAB}>
          <MessagesTabLabel />
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="notifications">{notifications}</Tabs.Panel>
      <Tabs.Panel value={MESSAGES_TAB}>
        <Stack gap="xl">
          <MessagesInbox />
          <AnnouncementsPanel />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

function NotificationsList() {
  const { t, i18n } = useTranslation("notifications");
  const { schoolId } = useSession();
  const list = useNotifications(schoolId, i18n.resolvedLanguage ?? "es");
  const markRead = useMarkRead(schoolId);
  const markAll = useMarkAllRead(schoolId);
  useMinuteTick();

  // Opening the list is seeing it: the bell clears as a click on it does, however the screen was reached — once,
  // on opening; what arrives while it is open rings the bell again.
  const user = useCurrentUser().data;
  const cleared = useRef<string | null>(null);
  useEffect(() => {
    if (!user || cleared.current === schoolId) return;
    cleared.current = schoolId;
    if (user.unviewed_notifications_count > 0) {
      void resetBell(user, schoolId).catch((error) => console.warn("bell reset failed", error));
    }
  }, [user, schoolId]);

  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = list.data?.pages.at(-1)?.unread_count ?? 0;

  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t("common:loading")} />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" title={t("loadError")} maw={760}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{list.error.message}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void list.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (items.length === 0) {
    return <EmptyState icon={<IconBellOff size={28} />} title={t("empty.title")} description={t("empty.body")} />;
  }

  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite">
          {unread > 0 ? t("unreadCount", { count: unread }) : t("allRead")}
        </Text>
        <Button
          size="sm"
          leftSection={<IconChecks size={16} aria-hidden />}
          disabled={unread === 0}
          loading={markAll.busy}
          onClick={() => void markAll.submit()}
        >
          {t("markAllRead")}
        </Button>
      </Group>
      <Stack component="ul" gap="sm" m={0} p={0} aria-label={t("shell:nav.notifications")}>
        {items.map((item) => (
          <NotificationCard
            key={item.id}
            item={item}
            marking={markRead.saving === item.id}
            onMarkRead={(id) => void markRead.submit(id)}
          />
        ))}
      </Stack>
      {list.hasNextPage && (
        <Center>
          <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t("loadMore")}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
