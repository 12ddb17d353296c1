import type { InboxItem } from "@convive/domain";
import { Avatar, Badge, Group, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDates } from "../../../lib/dates.ts";
import { shortWhen } from "../receipts.ts";
import { countLabel } from "../thread.ts";
import classes from "./Inbox.module.css";

/** Initials for the avatar: first and last word's first letters. */
const initials = (name: string) => {
  const words = name.trim().split(/\s+/);
  return `${words[0]?.[0] ?? ""}${words.length > 1 ? (words.at(-1)?.[0] ?? "") : ""}`.toUpperCase();
};

/**
 * One conversation of the inbox, a link that opens it over the list: the student and group, the last message with
 * its author and time, how many are unread and whether an unread one is urgent. A family's child without messages
 * yet invites the first one.
 */
export function InboxRow({ item, to }: { item: InboxItem; to: string }) {
  const { t } = useTranslation("messages");
  const dates = useDates();
  const last = item.last_message;
  const unread = item.unread > 0;
  return (
    <li className={classes.item}>
      <UnstyledButton
        component={Link}
        to={to}
        className={classes.row}
        data-unread={unread || undefined}
        data-testid="inbox-row"
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar radius="xl" size={40} color="institutional" aria-hidden alt="">
            {initials(item.student.name)}
          </Avatar>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Group gap={6} justify="space-between" wrap="nowrap" align="baseline">
              <Text size="sm" fw={unread ? 700 : 600} truncate="end" miw={0}>
                {item.student.name}
                {item.student.group && (
                  <Text span size="xs" fw={400} c="gray.7">
                    {" · "}
                    {item.student.group}
                  </Text>
                )}
              </Text>
              {last && (
                <Text size="xs" c={unread ? "gray.9" : "gray.7"} fw={unread ? 600 : 400} style={{ flexShrink: 0 }}>
                  {shortWhen(last.created_at, new Date(), dates)}
                </Text>
              )}
            </Group>
            <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
              <Text
                size="sm"
                c={unread ? "gray.9" : "gray.7"}
                lineClamp={2}
                miw={0}
                style={{ overflowWrap: "anywhere" }}
              >
                {last ? (
                  <>
                    <Text span size="sm" fw={600} c="inherit">
                      {t("inbox.author", { name: last.author_name })}
                    </Text>{" "}
                    {last.body}
                  </>
                ) : (
                  t("inbox.noMessages")
                )}
              </Text>
              {unread && (
                <Badge color="red.9" variant="filled" size="md" circle={item.unread < 10} style={{ flexShrink: 0 }}>
                  <span aria-hidden>{countLabel(item.unread)}</span>
                  <VisuallyHidden>{t("inbox.unread", { count: item.unread })}</VisuallyHidden>
                </Badge>
              )}
            </Group>
            {item.urgent && (
              <Badge
                color="red.8"
                variant="filled"
                size="sm"
                leftSection={<IconAlertTriangle size={12} aria-hidden />}
                style={{ alignSelf: "flex-start" }}
                mt={2}
              >
                {t("urgent")}
              </Badge>
            )}
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
  );
}
