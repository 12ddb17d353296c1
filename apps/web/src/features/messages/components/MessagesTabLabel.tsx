import { Badge, Group, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMessagesUnread } from "../api/unread.ts";
import { useMessagesLive } from "../realtime.ts";
import { countLabel } from "../thread.ts";

/**
 * "Mensajes" with its own unread badge (issue 27 §3): conversations with a message the reader has not read, plus a
 * family's unopened announcements. The socket keeps it current (`messages:unread`, `messages:new`).
 */
export function MessagesTabLabel() {
  const { t } = useTranslation("messages");
  const unread = useMessagesUnread().data?.total ?? 0;
  useMessagesLive();
  return (
    <Group gap={6} wrap="nowrap" component="span">
      {t("tab")}
      {unread > 0 && (
        <Badge size="sm" color="red.9" variant="filled" circle={unread < 10} data-testid="messages-unread">
          <span aria-hidden>{countLabel(unread)}</span>
          <VisuallyHidden>{t("tabUnread", { count: unread })}</VisuallyHidden>
        </Badge>
      )}
    </Group>
  );
}
