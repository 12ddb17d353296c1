import { SOCKET_DEFAULTS } from "@convive/domain/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { session } from "../../lib/session.ts";
import { relaySocketEvent, SOCKET_CONNECTED } from "../../lib/socket-events.ts";
import { currentUserKey } from "../auth/index.ts";
import { notificationsRootKey } from "./api/notifications.ts";
import { setBellCount } from "./api/reset-bell.ts";

/** `notifications:count` (a read, a reset, a withdrawal) and `notifications:new` (with its id) both carry it. */
interface CountEvent {
  schoolId: string;
  count: number;
}

/**
 * Live bell updates over Socket.IO (product design §6), on top of the 30 s poll. The client library loads with
 * the layout, never with the sign-in screen. The handshake reads the token on every (re)connection, so a
 * refreshed token is used without tearing the socket down; the socket closes when the layout unmounts
 * (sign-out, school change) or the user loses the notifications module.
 */
export function useNotificationSocket(userId: number | null, schoolId: string | null, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || userId === null || schoolId === null) return;
    let closed = false;
    let disconnect = () => {};
    void import("socket.io-client").then(({ io }) => {
      if (closed) return;
      const socket = io({
        path: "/socket.io",
        auth: (send) => send({ token: session.get().token, schoolId }),
        ...SOCKET_DEFAULTS,
      });
      // Reads and resets on any of the user's screens (or withdrawn notifications): the bell takes the new count and
      // an open list reads the read state again, so the two agree in every tab (issue 12 §4).
      socket.on("notifications:count", (event: CountEvent) => {
        if (event.schoolId !== schoolId) return;
        setBellCount(userId, schoolId, event.count);
        void client.invalidateQueries({ queryKey: notificationsRootKey(schoolId) });
      });
      // Whatever happened between the first read of the bell and the socket joining the user's room (a reset in
      // another tab, a notification) sent no packet to this tab: read the bell and an open list again on every
      // (re)connection, so the two never stay behind.
      socket.on("connect", () => {
        void client.invalidateQueries({ queryKey: currentUserKey(userId, schoolId) });
        void client.invalidateQueries({ queryKey: notificationsRootKey(schoolId) });
        relaySocketEvent(SOCKET_CONNECTED);
      });
      // Other features' events (messages:new, messages:unread…) ride the same socket (lib/socket-events.ts).
      socket.onAny((event: string, payload: unknown) => relaySocketEvent(event, payload));
      // A new notification arrives with the bell's new count inside (one packet per notification); an open list
      // follows the bell as it rises (useNotifications), a closed one is read afresh when opened.
      socket.on("notifications:new", (event: CountEvent) => {
        if (event.schoolId === schoolId) setBellCount(userId, schoolId, event.count);
      });
      // The poll keeps the count right while the socket is down; reconnection never gives up (spec §9). A refusal
      // by the server's handshake (e.g. a token that just expired) stops Socket.IO's own retries, so retry here.
      let retry: ReturnType<typeof setTimeout> | undefined;
      socket.on("connect_error", (error) => {
        console.warn("notifications socket:", error.message);
        if (!socket.active) retry = setTimeout(() => socket.connect(), SOCKET_DEFAULTS.reconnectionDelayMax);
      });
      disconnect = () => {
        clearTimeout(retry);
        socket.disconnect();
      };
    });
    return () => {
      closed = true;
      disconnect();
    };
  }, [client, userId, schoolId, enabled]);
}
