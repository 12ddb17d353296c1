import { useSyncExternalStore } from "react";
import type { Workbox } from "workbox-window";

/**
 * The service worker (src/sw/sw.ts) from the page's side, loaded only once a signed-in screen has drawn and the
 * browser is idle: the sign-in page neither waits for it nor carries its code (issue 32 §4).
 *
 * Updates are safe: a new version installs beside the running one and waits; the open page keeps the files it
 * started with (the worker keeps the previous version's files too), and the person is told a new version is ready
 * and chooses when to load it. Only then does the new worker take over, and this page reloads into it.
 */

export type WorkerState = "none" | "installing" | "ready" | "update-waiting" | "updated";

let state: WorkerState = "none";
let workbox: Workbox | null = null;
let accepted = false;
const listeners = new Set<() => void>();
const set = (next: WorkerState) => {
  state = next;
  for (const listener of listeners) listener();
};

export const useWorkerState = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => state,
  );

/** Registers /sw.js once (production builds only; a browser without service workers works online as before). */
export async function startServiceWorker(): Promise<void> {
  if (workbox || !("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import("workbox-window");
  workbox = new Workbox("/sw.js", { scope: "/", type: "classic" });
  workbox.addEventListener("installed", (event) => {
    if (!event.isUpdate) set("ready");
  });
  // A new version is installed and waits for this page's word.
  workbox.addEventListener("waiting", () => set("update-waiting"));
  workbox.addEventListener("controlling", (event) => {
    if (!event.isUpdate) return;
    // This page asked for it: load the new version now. Another tab made the switch: say so, reload when asked.
    if (accepted) window.location.reload();
    else set("updated");
  });
  try {
    const registration = await workbox.register();
    if (registration?.active && state === "none") set("ready");
  } catch (error) {
    // Blocked (a private window, a test browser told not to) or unreachable: the app works online as before.
    console.info("service worker not registered", error);
    workbox = null;
  }
}

/** The person chose to load the new version: the waiting worker takes over and the page reloads into it. */
export function applyUpdate() {
  accepted = true;
  if (state === "updated" || !workbox) window.location.reload();
  else workbox.messageSkipWaiting();
}
