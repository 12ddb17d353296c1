import { Alert, Button, Group, Text } from "@mantine/core";
import { IconCloudOff, IconCloudUpload, IconRefresh } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useOnline } from "../../lib/offline/online.ts";
import { type Outbox, useOutboxState } from "../../lib/offline/outbox.ts";
import { applyUpdate, useWorkerState } from "../../lib/offline/pwa.ts";
import { useServedOffline } from "../../lib/offline/snapshots.ts";

/**
 * Above every signed-in screen (issue 32 §3–4): the offline indicator — no connection, or the screen shows what the
 * device kept — with how many records wait to be sent; and the service worker's word that a new version of the
 * app is ready, loaded when the person chooses (nothing waiting to be sent is lost by it).
 */
export function OfflineBar({ outbox }: { outbox: Outbox }) {
  const { t } = useTranslation("offline");
  const online = useOnline();
  const servedOffline = useServedOffline();
  const { entries } = useOutboxState(outbox);
  const worker = useWorkerState();
  const waiting = entries.filter((e) => e.state !== "refused").length;
  const refused = entries.length - waiting;
  const offline = !online || servedOffline;
  const client = useQueryClient();
  // Back online while the screen still shows the device's copies (their reads are fresh enough not to be refetched
  // by themselves): read them afresh, which also takes the indicator away once the server answers.
  useEffect(() => {
    if (online && servedOffline) void client.invalidateQueries({ type: "active" });
  }, [online, servedOffline, client]);

  return (
    <>
      {offline && (
        <Alert
          // Dark, not grey: white on Mantine's grey 6 is 3.3:1 (axe colour-contrast).
          color="dark"
          variant="filled"
          radius="md"
          mb="sm"
          icon={<IconCloudOff size={20} aria-hidden />}
          title={t("offline.title")}
          data-testid="offline-indicator"
        >
          <Text size="sm" role="status">
            {t("offline.text")} {waiting > 0 && t("pending.count", { count: waiting })}
          </Text>
        </Alert>
      )}
      {!offline && (waiting > 0 || refused > 0) && (
        <Alert
          color={refused > 0 ? "orange" : "blue"}
          variant="light"
          radius="md"
          mb="sm"
          icon={<IconCloudUpload size={20} aria-hidden />}
          data-testid="outbox-status"
        >
          <Text size="sm" role="status">
            {[
              waiting > 0 && t("pending.sending", { count: waiting }),
              refused > 0 && t("pending.refused", { count: refused }),
            ]
              .filter(Boolean)
              .join(" ")}
          </Text>
        </Alert>
      )}
      {(worker === "update-waiting" || worker === "updated") && (
        <Alert color="blue" variant="light" radius="md" mb="sm" icon={<IconRefresh size={20} aria-hidden />}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" role="status">
              {t(worker === "updated" ? "update.applied" : "update.ready")}
            </Text>
            <Button size="compact-sm" onClick={applyUpdate}>
              {t(worker === "updated" ? "update.reload" : "update.apply")}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
