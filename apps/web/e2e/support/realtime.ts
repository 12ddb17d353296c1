import type { Page, WebSocket } from "@playwright/test";

/**
 * Runs in the page before its own scripts: hands every long-polling answer Socket.IO receives to the test
 * (`__socketPolled`). Read inside the page because Playwright's `response.text()` can fail for a long-poll answer
 * (Chromium may no longer hold its body), and a CONNECT missed that way failed the bell tests now and then.
 */
function watchPolling() {
  const page = window as unknown as { __socketPolled: (body: string) => void; __socketWatched?: boolean };
  if (page.__socketWatched) return;
  page.__socketWatched = true;
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (
    this: XMLHttpRequest,
    method: string,
    url: string | URL,
    ...rest: unknown[]
  ) {
    if (method.toUpperCase() === "GET" && String(url).includes("/socket.io/")) {
      this.addEventListener("load", () => page.__socketPolled(this.responseText));
    }
    return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof XMLHttpRequest.prototype.open;
}

/** What is watched on each page: its open Socket.IO websockets and whoever listens to its packets. */
interface Watched {
  sockets: Set<WebSocket>;
  listeners: Set<(packet: string) => void>;
  ready: Promise<unknown>;
}
const watched = new WeakMap<Page, Watched>();

/** Starts watching the page's sockets (from its next document on, for long-polling). */
function watch(page: Page): Watched {
  let found = watched.get(page);
  if (!found) {
    const sockets = new Set<WebSocket>();
    const listeners = new Set<(packet: string) => void>();
    page.on("websocket", (ws) => {
      if (!ws.url().includes("/socket.io/")) return;
      sockets.add(ws);
      ws.on("close", () => sockets.delete(ws));
    });
    const ready = Promise.all([
      page.exposeBinding("__socketPolled", (_source, body: string) => {
        for (const packet of body.split("\x1e")) for (const listener of listeners) listener(packet);
      }),
      page.addInitScript(watchPolling),
    ]);
    // A failure here shows as the helpers' own time-out ("did not connect", "never came").
    ready.catch(() => undefined);
    found = { sockets, listeners, ready };
    watched.set(page, found);
  }
  return found;
}

/**
 * Calls `onPacket` with every Engine.IO message the page's Socket.IO client receives, over the websocket or over
 * long-polling (one answer can carry several, separated by \x1e), from the moment of the call until the
 * returned function is called. The page must be watched from before the document that opens the socket: call a
 * helper below before navigating.
 */
function onSocketPackets(page: Page, onPacket: (packet: string) => void): () => void {
  const { sockets, listeners } = watch(page);
  const onFrame = ({ payload }: { payload: string | Buffer }) => {
    if (typeof payload === "string") onPacket(payload);
  };
  const listened = new Set<WebSocket>();
  const listen = (ws: WebSocket) => {
    if (!ws.url().includes("/socket.io/") || listened.has(ws)) return;
    listened.add(ws);
    ws.on("framereceived", onFrame);
  };
  for (const ws of sockets) listen(ws);
  page.on("websocket", listen);
  listeners.add(onPacket);
  return () => {
    listeners.delete(onPacket);
    page.off("websocket", listen);
    for (const ws of listened) ws.off("framereceived", onFrame);
  };
}

/**
 * Resolves once the page's Socket.IO client has joined: the server's CONNECT answer ("40{…}"), which it writes
 * only after the socket is in the user's rooms, so a push sent after this reaches the page. Not the websocket
 * upgrade's "3probe": the upgrade can finish before the handshake's identity check, and a push sent then is lost
 * until the next 30 s poll. Call before the navigation that opens the socket; the bound covers what the test does
 * meanwhile — a sign-in form, a first load on two busy cores (up to 20 s, FIRST_LOAD in the specs), the handshake:
 * 30 s once ran out on CI during the suite's cold first minutes (the CSP spec's sign-in). A passing wait ends at the
 * handshake.
 */
export function socketConnected(page: Page, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = onSocketPackets(page, (packet) => {
      if (!packet.startsWith("40")) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error("the notifications socket did not connect"));
    }, timeoutMs);
  });
}

/**
 * Resolves with the payload of the next Socket.IO event `name` the page receives (a push from the server, e.g.
 * `notifications:count`). Call before the action that makes the server send it, on a page whose socket was
 * awaited with `socketConnected` (a websocket is seen only if it opened after a first call here).
 */
export function socketEvent<T = unknown>(page: Page, name: string, timeoutMs = 15_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = onSocketPackets(page, (packet) => {
      if (!packet.startsWith(`42["${name}"`)) return;
      const [, payload] = JSON.parse(packet.slice(2)) as [string, T];
      clearTimeout(timer);
      stop();
      resolve(payload);
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the socket event ${name} never came`));
    }, timeoutMs);
  });
}
