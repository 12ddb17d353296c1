import type { Announcement } from "@convive/domain";
import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconPaperclip } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDates } from "../../../lib/dates.ts";
import { AMBER_TEXT, TEAL_TEXT } from "../colors.ts";
import { countsText } from "../counts.ts";
import classes from "./AnnouncementCard.module.css";

/**
 * One announcement in the list, a link that opens its details. Staff read its audience and figures; a family
 * member sees what is unread ("New" and an accent edge, not colour alone) and what is still to confirm.
 */
export function AnnouncementCard({ announcement: a, to }: { announcement: Announcement; to: string }) {
  const { t } = useTranslation("announcements");
  const dates = useDates();
  const unread = a.mine !== null && a.mine.read_at === null;
  const toConfirm = a.mine !== null && a.needs_confirmation && a.mine.confirmed_at === null;
  return (
    <li className={classes.card}>
      <Paper
        component={Link}
        to={to}
        withBorder
        radius="md"
        p="md"
        className={classes.link}
        data-unread={unread || undefined}
        data-testid="announcement-card"
      >
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text fw={unread ? 700 : 600} className={classes.title}>
              {a.title}
            </Text>
            {unread && (
              <Badge size="sm" variant="filled" color="blue.9" className={classes.badge}>
                {t("unread")}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            {a.mine ? a.author.name : a.audience_label} ·{" "}
            <time dateTime={a.created_at}>{dates.dateTime(a.created_at)}</time>
            {a.attachments.length > 0 && (
              <IconPaperclip size={14} aria-hidden style={{ marginLeft: 6, verticalAlign: "-2px" }} />
            )}
          </Text>
          {a.totals && (
            <Text size="sm" fw={500} data-testid="announcement-counts">
              {countsText(t, a.totals, a.needs_confirmation)}
            </Text>
          )}
          {a.mine && a.needs_confirmation && (
            <Group gap="xs">
              {toConfirm ? (
                <Badge size="sm" variant="light" color="yellow" c={AMBER_TEXT} tt="none" className={classes.badge}>
                  {t("pendingBadge")}
                </Badge>
              ) : (
                <Badge
                  size="sm"
                  variant="light"
                  color="teal"
                  c={TEAL_TEXT}
                  tt="none"
                  leftSection={<IconCircleCheck size={12} aria-hidden />}
                  className={classes.badge}
                >
                  {t("confirmedBadge")}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
    </li>
  );
}
