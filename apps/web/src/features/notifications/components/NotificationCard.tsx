import { Anchor, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconArrowRight, IconCheck } from "@tabler/icons-react";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDates } from "../../../lib/dates.ts";
import type { NotificationItem } from "../api/notifications.ts";
import classes from "./NotificationCard.module.css";

interface Props {
  item: NotificationItem;
  onMarkRead: (id: number) => void;
  marking: boolean;
}

/** One notification: unread ones carry a "New" badge and an accent edge, not colour alone. */
export function NotificationCard({ item, onMarkRead, marking }: Props) {
  const { t, i18n } = useTranslation("notifications");
  const unread = item.read_at === null;
  const language = i18n.resolvedLanguage ?? "es";
  const when = dayjs(item.created_at).locale(language);
  // "hace 3 horas" on the card, the exact time the one way dates are shown (issue 12 §5) on hover.
  const exact = useDates().dateTime(item.created_at);
  const internal = item.link?.startsWith("/") ?? false;
  const linkProps = internal
    ? { component: Link, to: item.link! }
    : { component: "a" as const, href: item.link ?? undefined, target: "_blank", rel: "noopener noreferrer" };

  return (
    <Paper component="li" withBorder radius="md" p="md" className={classes.card} data-unread={unread || undefined}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={unread ? 700 : 500} className={classes.title}>
            {item.title}
          </Text>
          {unread && (
            <Badge size="sm" variant="filled" color="blue.9" className={classes.badge}>
              {t("new")}
            </Badge>
          )}
        </Group>
        {item.body && (
          <Text size="sm" c={unread ? undefined : "gray.7"} className={classes.body}>
            {item.body}
          </Text>
        )}
        <Group justify="space-between" gap="xs" mt={4}>
          <Text size="xs" c="gray.7" component="time" dateTime={item.created_at} title={exact}>
            {when.fromNow()}
          </Text>
          <Group gap="xs">
            {item.link && (
              <Anchor
                {...(linkProps as object)}
                size="sm"
                fw={600}
                c="blue.8"
                onClick={() => unread && onMarkRead(item.id)}
                className={classes.link}
              >
                {t("open")}
                <IconArrowRight size={14} aria-hidden />
              </Anchor>
            )}
            {unread && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                leftSection={<IconCheck size={14} aria-hidden />}
                loading={marking}
                onClick={() => onMarkRead(item.id)}
                aria-label={t("markReadOf", { title: item.title })}
              >
                {t("markRead")}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
