/// <reference types="node" />
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests of the web shell against the real server (`npm run test:e2e` from the repo root, which first
 * builds the web into apps/web/dist-e2e). The server runs on a throwaway in-memory database with the demo data.
 */
const repo = fileURLToPath(new URL("../../", import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./e2e/specs",
  outputDir: `${repo}artifacts/e2e-results`,
  fullyParallel: true,
  // The machine has two cores; the server shares them.
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: `${repo}artifacts/e2e.json` }]],
  use: {
    baseURL,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    actionTimeout: 10_000,
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
    command: "npx tsx apps/server/src/main.ts",
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
      DATABASE_URL: "pglite:memory",
      DEMO_DATA: "true",
      WEB_DIST: `${repo}apps/web/dist-e2e`,
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseURL,
      UPLOADS_DIR: `${repo}artifacts/e2e-uploads`,
      // Hermetic: no Redis or SMTP from the surrounding environment (CI exports REDIS_URL).
      REDIS_URL: "",
      SMTP_URL: "",
    },
  },
});
