/// <reference types="node" />
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { e2eDatabase } from "./e2e/support/database.ts";

/**
 * End-to-end tests of the web shell against the real server (`npm run test:e2e` from the repo root, which first
 * builds the web into apps/web/dist-e2e). The server runs on a throwaway database with the demo data: a fresh
 * PostgreSQL database of the run when E2E_DATABASE_URL (or CI's TEST_DATABASE_URL) names a PostgreSQL server, where
 * each spec then writes into a school of its own (e2e/support/school.ts); else PGlite in memory, where the specs
 * share the demo school.
 */
const repo = fileURLToPath(new URL("../../", import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const database = e2eDatabase(port);
// Several local runs side by side (one per working session) each build into and report under their own folders.
const webDist = process.env.E2E_WEB_DIST ?? `${repo}apps/web/dist-e2e`;
const artifacts = process.env.E2E_ARTIFACTS ?? `${repo}artifacts`;

export default defineConfig({
  testDir: "./e2e/specs",
  // The tablet-width screenshots compare nothing (people look at them): only with E2E_TABLETS=1
  // (`npm run test:e2e:tablets`); the phone and desktop shots come with the accessibility walk.
  testIgnore: process.env.E2E_TABLETS ? [] : ["**/screenshots.spec.ts"],
  outputDir: `${artifacts}/e2e-results`,
  fullyParallel: true,
  // The machine has two cores; the server shares them.
  workers: 2,
  // One retry on CI only: the two cores are shared by the server, two browsers and the build; a test that needs
  // it is reported as flaky by name (.ci/tally.mjs), never hidden. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // 90 s: a test's screens load in 5–15 s each on CI's two loaded cores, and the multi-step walks (two languages,
  // eleven tabs of a student's file) outgrew 45 s as the modules added screens; a passing test waits only as long as
  // it needs.
  timeout: 90_000,
  // CI's step gives the suite 60 minutes (.ci/run): Playwright stops itself two minutes before, so its report still
  // names what passed, what failed and what never ran, instead of a killed run with no report at all.
  globalTimeout: process.env.CI ? 58 * 60_000 : 0,
  // 25 s: a cold server on two shared cores draws a screen's first load in 3–8 s (the archive at 7–8 s before the
  // first requests warmed it), and 15–20 s while the server's start-up jobs and both browsers share the cores (the
  // accessibility walk's first screens on CI, 2026-11-29: each failure's snapshot showed the screen drawn just after
  // 15 s). A passing check waits only as long as it needs.
  expect: { timeout: 25_000 },
  globalTeardown: "./e2e/support/teardown.ts",
  reporter: [["list"], ["json", { outputFile: `${artifacts}/e2e.json` }]],
  use: {
    baseURL,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    // The theme honours it (app/theme.ts respectReducedMotion): dialogs and toasts open without their transitions.
    reducedMotion: "reduce",
    // Issue 32: the app registers a service worker once a signed-in screen is idle. Blocked for every spec but the
    // offline ones (specs/incidents/offline-registration.spec.ts allows it): the worker's install would fetch the
    // offline set in every test's fresh context — bandwidth and CPU on CI's two cores for nothing they check — and a
    // worker serving the page would stand between a spec and the server it means to test.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    // Recording a trace (a DOM snapshot per action and a screencast) doubled the browser's and the runner's CPU: on
    // sign-in.spec.ts, 96 s of CPU with it against 58 s without (2026-11-29, measured per process). CI records it on
    // the retry only, so a failure still comes with its trace; locally a failing test keeps its own.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // 20 s: an action may first run the privacy notice's handler (support/fixtures.ts: accept, the notice closes, the
    // screen behind draws), which on CI's loaded cores took most of the 10 s an action had.
    actionTimeout: 20_000,
    navigationTimeout: 20_000,
    launchOptions: {
      // Debian's Chromium, never a downloaded one.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // apps/server/src/main.ts, after creating the run's PostgreSQL database when there is one.
    command: "npx tsx apps/web/e2e/support/serve.ts",
    cwd: repo,
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database?.url ?? "pglite:memory",
      DEMO_DATA: "true",
      WEB_DIST: webDist,
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseURL,
      UPLOADS_DIR: `${artifacts}/e2e-uploads`,
      // Hermetic: no Redis or SMTP from the surrounding environment (CI exports REDIS_URL).
      REDIS_URL: "",
      SMTP_URL: "",
      // Issue 32: schools' identity providers — a throwaway key for their sealed secrets, and the local provider the
      // sign-in-provider spec runs (http, on this machine).
      SECRETS_KEY: "ZTJlLW9ubHkta2V5LWZvci1zZWFsZWQtc2VjcmV0cyE=",
      OIDC_ALLOW_HTTP_ISSUERS: "true",
    },
  },
});
