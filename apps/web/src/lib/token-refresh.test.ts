import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "./session.ts";
import { startTokenRefresh } from "./token-refresh.ts";

/**
 * The page's side of the refresh: what it sends and what it keeps. The network is the boundary here (the server's
 * side is apps/server/test/api/auth-sessions.test.ts); fetch answers as the server does.
 */
interface Sent {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[];
beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({
        path,
        method: init.method ?? "GET",
        headers: init.headers as Record<string, string>,
        body: init.body,
      });
      if (path === "/sanctum/csrf-cookie") {
        // What the server's Set-Cookie does for the page: a script-readable XSRF-TOKEN.
        // biome-ignore lint/suspicious/noDocumentCookie: stands in for the server's Set-Cookie header.
        document.cookie = "XSRF-TOKEN=xsrf-from-server; path=/";
        return new Response(null, { status: 204 });
      }
      return Response.json({ data: { access_token: "access-2", token_type: "Bearer", expires_in: 3600 } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: removes the cookie the fake server set.
  document.cookie = "XSRF-TOKEN=; Max-Age=0; path=/";
});

describe("token refresh", () => {
  it("keeps no refresh token where scripts can read it, and drops one an older version stored", () => {
    localStorage.setItem("refresh_token", "left-by-an-older-version");
    session.signIn({ access_token: "access-1", expires_in: 3600 }, 7);
    expect(localStorage.getItem("token")).toBe("access-1");
    expect(localStorage.getItem("refresh_token")).toBeNull();
    expect(Object.values({ ...localStorage })).not.toContain("left-by-an-older-version");
  });

  it("refreshes with the cookie alone, proving the page with a fresh XSRF token, 5 minutes before expiry", async () => {
    session.signIn({ access_token: "access-1", expires_in: 3600 }, 7);
    const refused = vi.fn();
    const stop = startTokenRefresh(refused);
    await vi.advanceTimersByTimeAsync(55 * 60_000 - 1000);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    stop();

    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(["GET /sanctum/csrf-cookie", "POST /api/auth/refresh"]);
    const refresh = sent[1]!;
    // No token in the body: the HttpOnly cookie travels by itself (credentials: "include").
    expect(refresh.body).toBeUndefined();
    expect(refresh.headers["X-XSRF-TOKEN"]).toBe("xsrf-from-server");
    expect(refused).not.toHaveBeenCalled();
    expect(localStorage.getItem("token")).toBe("access-2");
    expect(localStorage.getItem("refresh_token")).toBeNull();
  });
});
