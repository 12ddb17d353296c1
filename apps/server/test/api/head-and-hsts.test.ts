import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";

/**
 * Issue 24 §2: `HEAD /` (and HEAD of any page of the web app) answers as `GET` does, without a body; HSTS is sent
 * only on answers that came over HTTPS. Both are tried over a real socket, as a monitor or a browser would.
 */
let dist: string;
let plain: TestApp;
let proxied: TestApp;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "convive-web-"));
  writeFileSync(join(dist, "index.html"), '<!doctype html><script nonce="__CONVIVE_CSP_NONCE__"></script>');
  plain = await createTestApp({ WEB_DIST: dist });
  await plain.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(plain.app.server.address() as AddressInfo).port}`;
  proxied = await createTestApp({ WEB_DIST: dist, TRUST_PROXY: true });
});
afterAll(async () => {
  await plain.close();
  await proxied.close();
  rmSync(dist, { recursive: true, force: true });
});

/** An answer's headers, less those that differ by answer (the time, a fresh nonce) or by connection. */
const comparable = (headers: Headers) => {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (["date", "server-timing", "connection", "keep-alive"].includes(name)) continue;
    out[name] = name === "content-security-policy" ? value.replace(/'nonce-[^']+'/g, "'nonce'") : value;
  }
  return out;
};

describe("HEAD of the web app's pages", () => {
  it.each(["/", "/incidents", "/RecoverPassword"])("answers %s like GET, without a body", async (path) => {
    const get = await fetch(base + path);
    const head = await fetch(base + path, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.status).toBe(get.status);
    expect(comparable(head.headers)).toEqual(comparable(get.headers));
    expect(head.headers.get("content-type")).toMatch(/text\/html/);
    expect(await head.text()).toBe("");
    expect((await get.text()).length).toBeGreaterThan(0);
  });

  it("answers HEAD of a server read like its GET and HEAD of an unknown API path with 404", async () => {
    const get = await fetch(`${base}/health`);
    const head = await fetch(`${base}/health`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    expect(await head.text()).toBe("");
    expect((await fetch(`${base}/api/nothing-here`, { method: "HEAD" })).status).toBe(404);
  });
});

describe("Strict-Transport-Security", () => {
  it("is absent from answers over plain HTTP, pages and API alike", async () => {
    for (const path of ["/", "/health", "/api/nothing-here"]) {
      const res = await fetch(base + path);
      expect(res.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("is absent when a client claims HTTPS and no proxy is trusted", async () => {
    const res = await fetch(`${base}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("is sent, for a year and every school's subdomain, when the trusted proxy says the call came over HTTPS", async () => {
    for (const url of ["/", "/health", "/api/nothing-here"]) {
      const res = await proxied.app.inject({ method: "GET", url, headers: { "x-forwarded-proto": "https" } });
      expect(res.headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains");
      const overHttp = await proxied.app.inject({ method: "GET", url, headers: { "x-forwarded-proto": "http" } });
      expect(overHttp.headers["strict-transport-security"], url).toBeUndefined();
    }
  });
});
