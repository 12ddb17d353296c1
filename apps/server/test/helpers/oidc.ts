import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import {
  type LocalAccount,
  type LocalClient,
  type LocalProvider,
  startLocalProvider,
} from "../../scripts/local-oidc-provider.ts";

export type { LocalAccount, LocalClient, LocalProvider };
export { startLocalProvider };

/** The callback every school registers at its provider (its subdomain of the test app's PUBLIC_URL). */
export const callbackOf = (schoolId: string) => `http://${schoolId}.localhost:3000/api/auth/oidc/callback`;
export const hostOf = (schoolId: string) => `${schoolId}.localhost:3000`;

/**
 * The same provider in a process of its own whose clock runs `clockOffset` seconds off (`npm run dev:oidc
 * --clock-offset`): a provider out of step with the app, which one process cannot fake for itself alone.
 */
export async function spawnProvider(
  setup: { clients: LocalClient[]; accounts: LocalAccount[] },
  clockOffset: number,
): Promise<{ issuer: string; kill: () => Promise<void> }> {
  const file = join(mkdtempSync(join(tmpdir(), "oidc-")), "setup.json");
  writeFileSync(file, JSON.stringify(setup));
  const script = new URL("../../scripts/dev-oidc.ts", import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", script, "--port", "0", "--config", file, `--clock-offset=${clockOffset}`],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const issuer = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stderr.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = /ready at (\S+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once("exit", (code) => reject(new Error(`provider exited (${code}): ${out}`)));
  });
  return {
    issuer,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** A browser at the provider: follows its redirects, keeping its cookies, until it sends the browser back to us. */
export async function atProvider(
  authorizationUrl: string,
  choose: { account: string } | { cancel: true },
): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  let url = new URL(authorizationUrl);
  for (let hops = 0; hops < 10; hops++) {
    const res = await send(url.href);
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider stopped at ${url.href}: ${res.status} ${await res.text()}`);
    const next = new URL(location, url);
    if (next.origin !== url.origin) return next;
    const interaction = /^\/interaction\/([\w-]+)$/.exec(next.pathname);
    if (interaction) {
      const action = "cancel" in choose ? "abort" : "login";
      const body = "cancel" in choose ? "" : new URLSearchParams({ account: choose.account }).toString();
      const posted = await send(`${next.origin}/interaction/${interaction[1]}/${action}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      url = new URL(posted.headers.get("location")!, next);
      continue;
    }
    url = next;
  }
  throw new Error("the provider kept redirecting");
}

/** The cookie a response set (its value), if any. */
export function cookieOf(res: LightMyRequestResponse, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

export interface ProviderSignIn {
  /** Where the callback sent the browser: `/?oidc=complete` or `/?oidc_error=<code>`. */
  landing: string;
  /** The sign-in page's POST /api/auth/oidc/complete after it (only when the callback succeeded). */
  complete?: LightMyRequestResponse;
}

/**
 * The whole sign-in as a browser on the school's address goes through it: the provider's button (start), the
 * provider (choosing an account), the way back (callback), then the page collecting the session (complete).
 * `tamper` may change the provider's address on the way there or the way back, as an attacker in between would.
 */
export async function providerSignIn(
  app: FastifyInstance,
  schoolId: string,
  account: string | { cancel: true },
  tamper: { there?: (url: URL) => void; back?: (url: URL) => void; flowCookie?: (flow: string) => string } = {},
): Promise<ProviderSignIn> {
  const host = hostOf(schoolId);
  const start = await app.inject({ method: "GET", url: "/api/auth/oidc/start", headers: { host } });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const to = new URL(start.headers.location as string, `http://${host}`);
  if (to.host === host) return { landing: `${to.pathname}${to.search}` };
  const flow = cookieOf(start, "convive_oidc")!;
  tamper.there?.(to);
  const back = await atProvider(to.href, typeof account === "string" ? { account } : account);
  tamper.back?.(back);
  const cookie = `convive_oidc=${tamper.flowCookie ? tamper.flowCookie(flow) : flow}`;
  const callback = await app.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: { host: back.host, cookie },
  });
  const landing = callback.headers.location as string;
  if (landing !== "/?oidc=complete") return { landing };
  const complete = await app.inject({
    method: "POST",
    url: "/api/auth/oidc/complete",
    headers: { host, cookie, "user-agent": "test-browser" },
  });
  return { landing, complete };
}
