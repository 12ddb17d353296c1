import { perm, ROLE_FAMILIAR } from "@convive/domain/core";
import { Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useSocketEvent } from "../../../lib/socket-events.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useAnnouncements } from "../api/announcements.ts";
import { announcementInSearch, withAnnouncement } from "../link.ts";
import { AnnouncementCard } from "./AnnouncementCard.tsx";
import { AnnouncementDetailModal } from "./AnnouncementDetailModal.tsx";
import { ComposeAnnouncementModal } from "./ComposeAnnouncementModal.tsx";

/**
 * The announcements part of the Messages tab (issue 27 §2): staff holding announcements.create write a new one;
 * staff holding announcements.read follow what their scope sent (read and confirmed counts); a family member reads
 * what the school sent them and confirms when asked. `?announcement=<id>` opens one (a notification's link).
 * Nothing shows for a user with none of these.
 */
export function AnnouncementsPanel() {
  const { t } = useTranslation("announcements");
  const user = useCurrentUser().data;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [composing, setComposing] = useState(false);

  const granted = new Set(user?.permissions ?? []);
  const family = user?.roles?.[0]?.name === ROLE_FAMILIAR;
  const canCreate = !family && granted.has(perm("announcements", "create"));
  const canList = family || granted.has(perm("announcements", "read"));
  const list = useAnnouncements(Boolean(user) && canList);
  // A family's unread count rises when an announcement arrives (pushed with the Messages tab's badge): the list
  // reads what came. Staff lists change only by their own sends, which refresh them.
  useSocketEvent("messages:unread", () => void list.refetch(), family && canList);
  // The server pushes `announcements:new` to the recipients when one is sent (and to a reader's other screens).
  useSocketEvent("announcements:new", () => void list.refetch(), family && canList);
  if (!user || (!canCreate && !canList)) return null;

  const href = (id: number | null) => `${pathname}${withAnnouncement(search, id)}`;
  const openId = announcementInSearch(search);
  const items = list.data?.pages.flatMap((page) => page.announcements) ?? [];
  const unread = items.filter((a) => a.mine && a.mine.read_at === null).length;

  return (
    <Stack
      component="section"
      gap="md"
      maw={860}
      aria-labelledby="announcements-title"
      data-testid="announcements-panel"
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: "1 1 16rem" }}>
          <Title order={2} size="h4" id="announcements-title">
            {t("title")}
          </Title>
          <Text size="sm" c="gray.7">
            {family ? t("intro.family") : t("intro.staff")}
          </Text>
        </Stack>
        {canCreate && (
          <Button leftSection={<IconSpeakerphone size={18} aria-hidden />} onClick={() => setComposing(true)}>
            {t("new")}
          </Button>
        )}
      </Group>

      {canList &&
        (list.data ? (
          items.length === 0 ? (
            <EmptyState
              order={3}
              icon={<IconSpeakerphone size={28} />}
              title={family ? t("empty.familyTitle") : t("empty.staffTitle")}
              description={family ? t("empty.familyBody") : t("empty.staffBody")}
            />
          ) : (
            <Stack gap="sm">
              {family && unread > 0 && (
                <Text size="sm" c="gray.7" aria-live="polite">
                  {t("unreadCount", { count: unread })}
                </Text>
              )}
              <Stack component="ul" gap="sm" m={0} p={0} aria-labelledby="announcements-title">
                {items.map((a) => (
                  <AnnouncementCard key={a.id} announcement={a} to={href(a.id)} />
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
          )
        ) : (
          <QueryState query={list} height={120} />
        ))}

      {canCreate && (
        <ComposeAnnouncementModal
          opened={composing}
          onClose={() => setComposing(false)}
          onSent={(id) => (canList ? void navigate(href(id)) : undefined)}
        />
      )}
      <AnnouncementDetailModal id={openId} onClose={() => void navigate(href(null))} />
    </Stack>
  );
}
