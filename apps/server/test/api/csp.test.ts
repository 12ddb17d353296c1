import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSP_NONCE_PLACEHOLDER } from "../../src/lib/web-page.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { createUser, PASSWORD } from "../helpers/factories.ts";

// A built web app as Vite writes it with `html.cspNonce` (apps/web/vite.config.ts): one module script, the
// stylesheet, and the meta tag that hands the nonce to the app.
const web = mkdtempSync(join(tmpdir(), "convive-web-"));
writeFileSync(
  join(web, "index.html"),
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" />
<script type="module" crossorigin src="/assets/index-abc.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
<link rel="stylesheet" crossorigin href="/assets/index-abc.css" nonce="${CSP_NONCE_PLACEHOLDER}"></head>
<body><div id="root"></div></body></html>`,
);
writeFileSync(join(web, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: web, HELP_VIDEO_ORIGINS: ["https://videos.convive.mx"] });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function policyOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers["content-security-policy"];
  expect(header, `${res.statusCode} ${res.body.slice(0, 80)}`).toBeTypeOf("string");
  return new Map(
    String(header)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** What every page and API answer must say (issue 9, Deliver 7). */
function expectStrict(policy: Map<string, string[]>) {
  expect(policy.get("default-src")).toEqual(["'self'"]);
  expect(policy.get("script-src")).toEqual(["'self'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("form-action")).toEqual(["'self'"]);
  expect(policy.get("connect-src")).toEqual(["'self'"]);
  expect(policy.get("frame-src")).toEqual(["https://www.youtube-nocookie.com", "https://player.vimeo.com"]);
  expect(policy.get("media-src")).toEqual(["'self'", "blob:", "https://videos.convive.mx"]);
  for (const sources of policy.values()) {
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources).not.toContain("*");
  }
}

describe("Content-Security-Policy", () => {
  it("is on every page, with a fresh nonce for Mantine's style tags that the page carries", async () => {
    const nonces = new Set<string>();
    for (const url of ["/", "/register", "/RecoverPassword/reset?token=x"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      const policy = policyOf(res);
      expectStrict(policy);
      const styles = policy.get("style-src")!;
      expect(styles[0]).toBe("'self'");
      const nonce = /^'nonce-([\w-]{22,})'$/.exec(styles[1] ?? "")?.[1];
      expect(nonce, styles.join(" ")).toBeTruthy();
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });

  it("never serves the page template itself, whose placeholder would be a known nonce", async () => {
    const res = await t.app.inject({ method: "GET", url: "/index.html" });
    expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
  });

  it("is on every API answer, error or not, and on static files", async () => {
    const user = await createUser(t.db);
    const answers = [
      await t.app.inject({ method: "POST", url: "/login", payload: { email: user.email, password: PASSWORD } }),
      await t.app.inject({ method: "GET", url: "/api/users/1" }),
      await t.app.inject({ method: "GET", url: "/api/no-such-route" }),
      await t.app.inject({ method: "POST", url: "/api/user/forgot-password", payload: {} }),
      await t.app.inject({ method: "GET", url: "/health" }),
      await t.app.inject({ method: "GET", url: "/favicon.svg" }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 422, 200, 200]);
    for (const res of answers) expectStrict(policyOf(res));
  });

  it("comes with a Permissions-Policy that turns off what the app does not use", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    const policy = String(res.headers["permissions-policy"]);
    for (const off of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()", "display-capture=()"]) {
      expect(policy).toContain(off);
    }
    // The help videos' players may still go fullscreen.
    expect(policy).toContain(`fullscreen=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")`);
    expect((await t.app.inject({ method: "GET", url: "/api/users/1" })).headers["permissions-policy"]).toBe(policy);
  });
});
