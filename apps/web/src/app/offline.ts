import { useIsFetching } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { outboxFor, registerSender, type Sender, setSendGate, useOutboxSync } from "../lib/offline/outbox.ts";
import { useWorkerState } from "../lib/offline/pwa.ts";
import { dropCopiesOnSignOut } from "../lib/offline/snapshots.ts";
import { ownerOf } from "../lib/offline/store.ts";
import { useSession } from "../lib/session.ts";
import { toast } from "../lib/toast.ts";
import { isExpired } from "../lib/token-refresh.ts";

/**
 * Working without a connection (issue 32 §3–4), composed for the signed-in layout: every kind of write the outbox
 * may hold has its sender here, whichever screen is open (a tab on another screen may be the one that sends); the
 * outbox of the school and user is sent as soon as it can be; the offline copies go at sign-out; the service
 * worker is registered once the screen has drawn and the browser is idle; and the page names the school's
 * manifest, so the app installs in the school's colours.
 */
/** A sender whose code loads when there is something of its kind to send: the layout's chunk stays small. */
const later =
  (load: () => Promise<Sender>): Sender =>
  async (entry, progress) =>
    (await load())(entry, progress);
registerSender(
  "incident",
  later(() => import("../features/incident-registration/api/offline.ts").then((m) => m.sendQueuedIncident)),
);
registerSender(
  "observation",
  later(() => import("../features/incident-registration/api/offline.ts").then((m) => m.sendQueuedObservation)),
);
registerSender(
  "rating-cell",
  later(() => import("../features/ratings/save-queue.ts").then((m) => m.sendQueuedCell)),
);
setSendGate(() => !isExpired());

const INSTALLED_KEY = "convive.offline-ready";

export function useOfflineApp() {
  const { schoolId, userId } = useSession();
  const { t } = useTranslation("offline", { useSuspense: false });
  const outbox = useMemo(() => outboxFor(ownerOf(schoolId, userId)), [schoolId, userId]);
  useOutboxSync(outbox);
  useEffect(() => dropCopiesOnSignOut(), []);

  // Off the screen's critical path: once the screen's data has arrived (the worker's install downloads the offline
  // set, which would otherwise queue the screen's own calls behind it on an HTTP/1.1 connection) and the browser
  // has nothing better to do.
  const fetching = useIsFetching() > 0;
  const started = useRef(false);
  useEffect(() => {
    if (fetching || started.current) return;
    const start = () => {
      started.current = true;
      void import("../lib/offline/pwa.ts").then((m) => m.startServiceWorker());
    };
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(start, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(start, 2_000);
    return () => clearTimeout(id);
  }, [fetching]);

  // The first time this device can open the app offline, say so once.
  const worker = useWorkerState();
  useEffect(() => {
    if (worker !== "ready" || localStorage.getItem(INSTALLED_KEY)) return;
    localStorage.setItem(INSTALLED_KEY, "1");
    toast("info", t("installed"));
  }, [worker, t]);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link && schoolId) link.href = `/manifest.webmanifest?school=${encodeURIComponent(schoolId)}`;
  }, [schoolId]);

  return outbox;
}
