/**
 * OpenID Connect sign-in bench (`npm run bench:oidc`, issue 32 "Speed": the OIDC callback adds ≤ 150 ms server time
 * beyond the provider's round trips). The demo's Colegio Demo Andes gets a provider — the local oidc-provider of
 * `npm run dev:oidc`, in this process — and its Docente signs in through it BENCH_ROUNDS times, as a browser would:
 * start, the provider's page, the callback, the page collecting the session.
 *
 * Measured per sign-in, in-process (app.inject, no sockets): the callback's whole server time, and the part of it
 * spent waiting on the provider (the callback's `Server-Timing: idp;dur=…`: its token request, and the keys on the
 * first use). "Own" is the difference — state and flow checks, the ID token's signature and claims, matching the
 * member, the database — and is what the budget holds. The provider runs in this process, so its own work shows up
 * inside the wait, never in "own". The first sign-in also reads the provider's keys; it is reported apart.
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 * BENCH_ROUNDS (default 100)
 */
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import type { FastifyInstance } from "fastify";
import { startLocalProvider } from "../apps/server/scripts/local-oidc-provider.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { atProvider } from "../apps/server/test/helpers/oidc.ts";
import { benchDatabase } from "./database.ts";
import { runBench } from "./run.ts";
import { percentile, positiveInteger, signIn } from "./support.ts";

const SCHOOL_ID = "colegio-demo";
const HOST = `${SCHOOL_ID}.localhost:3000`;
const BUDGET_MS = 150;
const rounds = positiveInteger("BENCH_ROUNDS", 100);
const fmt = (n: number) => `${n.toFixed(1)} ms`;
const summary = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))}, p95 ${fmt(percentile(values, 95))}, max ${fmt(Math.max(...values))}`;

async function signInOnce(app: FastifyInstance) {
  const start = await app.inject({ method: "GET", url: "/api/auth/oidc/start", headers: { host: HOST } });
  const flow = start.cookies.find((c) => c.name === "convive_oidc")?.value;
  if (start.statusCode !== 302 || !flow) throw new Error(`start: ${start.statusCode} ${start.headers.location}`);
  const back = await atProvider(String(start.headers.location), { account: "docente" });
  const cookie = `convive_oidc=${flow}`;
  const t0 = performance.now();
  const callback = await app.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: { host: back.host, cookie },
  });
  const total = performance.now() - t0;
  if (callback.headers.location !== "/?oidc=complete") throw new Error(`callback: ${callback.headers.location}`);
  const timing = String(callback.headers["server-timing"]);
  const idp = Number(/idp;dur=([\d.]+)/.exec(timing)?.[1]);
  // The server's own clock of the answer (app.ts), not this process's view of inject.
  const server = Number(/app;dur=([\d.]+)/.exec(timing)?.[1] ?? total);
  const t1 = performance.now();
  const complete = await app.inject({
    method: "POST",
    url: "/api/auth/oidc/complete",
    headers: { host: HOST, cookie },
  });
  const session = performance.now() - t1;
  if (complete.statusCode !== 200) throw new Error(`complete: ${complete.statusCode} ${complete.body}`);
  return { total: server, idp, own: server - idp, session };
}

async function main() {
  const database = await benchDatabase(process.env, process.argv.slice(2));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    JOBS_ENABLED: "false",
    DATABASE_URL: database.url,
    SECRETS_KEY: randomBytes(32).toString("base64"),
    OIDC_ALLOW_HTTP_ISSUERS: "true",
  });
  const opened = await openDb(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  const provider = await startLocalProvider({
    clients: [
      {
        client_id: "convive-bench",
        client_secret: "bench-secret",
        redirect_uris: [`http://${HOST}/api/auth/oidc/callback`],
      },
    ],
    accounts: [{ sub: "docente", email: "docente@convive.test", email_verified: true, name: "Laura Méndez" }],
  });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, db: opened.db });
    await seedDemoIfEmpty(opened.db);
    const root = await signIn(app, "root@convive.test");
    const configured = await app.inject({
      method: "PUT",
      url: `/api/admin/schools/${SCHOOL_ID}/sign-in-provider`,
      headers: { authorization: root.headers.authorization! },
      payload: {
        label: "Google",
        issuer: provider.issuer,
        client_id: "convive-bench",
        client_secret: "bench-secret",
        allowed_domains: [],
        tenant_id: null,
        password_sign_in: true,
        enabled: true,
        director_may_edit: false,
      },
    });
    if (configured.statusCode !== 200) throw new Error(`configure: ${configured.statusCode} ${configured.body}`);
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`Convive OIDC sign-in bench — ${database.label}; provider: local oidc-provider in this process`);
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load} (figures scale with it)`);

    const first = await signInOnce(app);
    const runs = [];
    for (let i = 0; i < rounds; i++) runs.push(await signInOnce(app));
    const own = runs.map((r) => r.own);
    console.table({
      "first sign-in (reads the keys)": {
        callback: fmt(first.total),
        "provider round trips": fmt(first.idp),
        own: fmt(first.own),
        "session (complete)": fmt(first.session),
      },
      [`next ${rounds}`]: {
        callback: summary(runs.map((r) => r.total)),
        "provider round trips": summary(runs.map((r) => r.idp)),
        own: summary(own),
        "session (complete)": summary(runs.map((r) => r.session)),
      },
    });
    const worst = Math.max(percentile(own, 95), first.own);
    console.log(
      `callback's own server time, p95 (and the first): ${fmt(worst)} (target ≤ ${BUDGET_MS} ms) ${worst <= BUDGET_MS ? "PASS" : "FAIL"}`,
    );
  } finally {
    await app?.close();
    await provider.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
