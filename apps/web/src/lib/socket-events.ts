import { useEffect, useRef } from "react";

/**
 * The layout's one Socket.IO connection (features/notifications/realtime.ts owns it) hands every packet it gets to
 * the features that listen here: a tab opens one socket, however many features follow their own events (the
 * messages inbox, an open conversation). `SOCKET_CONNECTED` is relayed on every (re)connection, when whatever
 * happened while the socket was down has sent no packet and a listener reads its data again.
 */
export const SOCKET_CONNECTED = "socket:connected";

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

/** Called by the socket's owner for each packet (and with SOCKET_CONNECTED on every connection). */
export function relaySocketEvent(event: string, payload?: unknown) {
  for (const listener of listeners.get(event) ?? []) {
    try {
      listener(payload);
    } catch (error) {
      console.warn(`socket listener for ${event} failed`, error);
    }
  }
}

/** Listens to one event until the returned function is called. */
export function onSocketEvent(event: string, listener: Listener): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Listens to one event while the component is mounted; the latest `listener` runs (no re-subscription). */
export function useSocketEvent(event: string, listener: Listener, enabled = true) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!enabled) return;
    return onSocketEvent(event, (payload) => latest.current(payload));
  }, [event, enabled]);
}
