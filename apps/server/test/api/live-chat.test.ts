import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login } from "../helpers/factories.ts";

/** Issue 12 §10: the live-chat widget of spec §1 is a platform setting, off by default, let in by the CSP when on. */
const directives = (res: LightMyRequestResponse) =>
  new Map(
    String(res.headers["content-security-policy"])
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );

async function signedIn(t: TestApp) {
  const user = await createUser(t.db);
  return client(t.app, await login(t.app, user.email));
}

describe("live chat off (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("tells the header there is none, and the policy lets no chat provider in", async () => {
    const res = await (await signedIn(t))({ method: "GET", url: "/api/live-chat" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
    expect(directives(res).get("script-src")).toEqual(["'self'"]);
    expect(directives(res).get("connect-src")).toEqual(["'self'"]);
  });

  it("answers only a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/live-chat" })).statusCode).toBe(401);
  });
});

describe("live chat on", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LIVE_CHAT_SCRIPT_URL: "https://embed.chat.example.com/{siteId}/default.js",
      LIVE_CHAT_SITE_ID: "convive-mx",
    });
  });
  afterAll(() => t.close());

  it("gives the script with the site id in it, and lets the provider's origin in — only it", async () => {
    const res = await (await signedIn(t))({ method: "GET", url: "/api/live-chat" });
    expect(res.json()).toEqual({
      data: { script_url: "https://embed.chat.example.com/convive-mx/default.js", site_id: "convive-mx" },
    });
    const policy = directives(res);
    const origin = "https://embed.chat.example.com";
    expect(policy.get("script-src")).toEqual(["'self'", origin]);
    expect(policy.get("frame-src")).toContain(origin);
    expect(policy.get("connect-src")).toEqual(["'self'", origin, "wss://embed.chat.example.com"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    for (const sources of policy.values()) expect(sources).not.toContain("'unsafe-inline'");
  });
});

describe("live chat settings", () => {
  it("refuses one without the other, a plain http script and a site id with other characters", () => {
    expect(() => loadConfig({ LIVE_CHAT_SCRIPT_URL: "https://chat.example.com/l.js" })).toThrow(
      /LIVE_CHAT_SCRIPT_URL and LIVE_CHAT_SITE_ID go together/,
    );
    expect(() => loadConfig({ LIVE_CHAT_SITE_ID: "abc" })).toThrow(/go together/);
    expect(() => loadConfig({ LIVE_CHAT_SCRIPT_URL: "http://chat.example.com/l.js", LIVE_CHAT_SITE_ID: "a" })).toThrow(
      /LIVE_CHAT_SCRIPT_URL: an https URL/,
    );
    expect(() =>
      loadConfig({ LIVE_CHAT_SCRIPT_URL: "https://chat.example.com/l.js", LIVE_CHAT_SITE_ID: "a b<script>" }),
    ).toThrow(/LIVE_CHAT_SITE_ID/);
    expect(loadConfig({}).LIVE_CHAT_SCRIPT_URL).toBeUndefined();
  });
});
