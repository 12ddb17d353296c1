import type { Page } from "@playwright/test";

/**
 * Resolves once the page's Socket.IO client has joined (the server's CONNECT answer "40{…}" over long-polling,
 * or the websocket upgrade's "3probe", which comes after it). Call before the navigation that opens the socket.
 */
export function socketConnected(page: Page, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the notifications socket did not connect")), timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    page.on("websocket", (ws) => {
      if (!ws.url().includes("/socket.io/")) return;
      ws.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && (payload === "3probe" || payload.startsWith("40"))) done();
      });
    });
    page.on("response", (response) => {
      if (!response.url().includes("/socket.io/") || response.request().method() !== "GET") return;
      response
        .text()
        .then((body) => {
          if (body.split("\x1e").some((packet) => packet.startsWith("40"))) done();
        })
        .catch(() => undefined);
    });
  });
}
