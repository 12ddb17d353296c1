import { ERRORS } from "@convive/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, newIdempotencyKey, setAuthFailureHandler } from "./api.ts";

/** The server's answer, as the network would deliver it (fetch is the boundary; api() is what is tested). */
const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

describe("api() and a server briefly unavailable", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAuthFailureHandler(null);
  });

  it("turns 503 into an error with the server's translated message, and does not sign out", async () => {
    const signOut = vi.fn();
    setAuthFailureHandler(signOut);
    const body = { message: ERRORS.SERVICE_UNAVAILABLE.es, code: "SERVICE_UNAVAILABLE" };
    vi.stubGlobal("fetch", answer(503, body));

    const error = await api("/api/incidents").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", message: ERRORS.SERVICE_UNAVAILABLE.es });
    expect(signOut).not.toHaveBeenCalled();
  });

  it("still signs out on 401", async () => {
    const signOut = vi.fn();
    setAuthFailureHandler(signOut);
    vi.stubGlobal("fetch", answer(401, { message: ERRORS.UNAUTHENTICATED.es, code: "UNAUTHENTICATED" }));

    await expect(api("/api/incidents")).rejects.toMatchObject({ status: 401 });
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});

describe("api() and a token refreshed while a call is on its way", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAuthFailureHandler(null);
    localStorage.clear();
  });

  it("sends the call again with the new token instead of signing out", async () => {
    const signOut = vi.fn();
    setAuthFailureHandler(signOut);
    localStorage.setItem("token", "old-token");
    const seen: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_path: string, init: RequestInit) => {
        const bearer = (init.headers as Record<string, string>).Authorization ?? "";
        seen.push(bearer);
        if (bearer === "Bearer old-token") {
          // The refresh lands while the server answers: the old token is gone.
          localStorage.setItem("token", "new-token");
          return new Response(JSON.stringify({ code: "UNAUTHENTICATED", message: "x" }), { status: 401 });
        }
        return new Response(JSON.stringify({ data: { ok: true } }), { status: 200 });
      }),
    );

    await expect(api("/api/users/1")).resolves.toEqual({ data: { ok: true } });
    expect(seen).toEqual(["Bearer old-token", "Bearer new-token"]);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("signs out when the token it sent is still the current one", async () => {
    const signOut = vi.fn();
    setAuthFailureHandler(signOut);
    localStorage.setItem("token", "same-token");
    vi.stubGlobal("fetch", answer(401, { message: ERRORS.UNAUTHENTICATED.es, code: "UNAUTHENTICATED" }));
    await expect(api("/api/users/1")).rejects.toMatchObject({ status: 401 });
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});

describe("api() and idempotency keys", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends Idempotency-Key only when the caller passes one, the same on every call given it", async () => {
    const seen: (string | undefined)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_path: string, init: RequestInit) => {
        seen.push((init.headers as Record<string, string>)["Idempotency-Key"]);
        return new Response(JSON.stringify({ data: {} }), { status: 201 });
      }),
    );
    const key = newIdempotencyKey();
    await api("/api/point-awards", { method: "POST", body: {}, idempotencyKey: key });
    await api("/api/point-awards", { method: "POST", body: {}, idempotencyKey: key });
    await api("/api/point-awards", { method: "POST", body: {} });
    expect(seen).toEqual([key, key, undefined]);
  });

  it("makes a new UUID each time, also where crypto.randomUUID is missing (plain HTTP)", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const keys = [newIdempotencyKey(), newIdempotencyKey()];
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    const fallback = newIdempotencyKey();
    vi.unstubAllGlobals();
    for (const key of [...keys, fallback]) expect(key).toMatch(uuid);
    expect(new Set([...keys, fallback]).size).toBe(3);
  });
});
