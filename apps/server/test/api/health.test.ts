import { ERRORS } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createTestApp, openTestDb } from "../helpers/app.ts";

/** Probes for a supervisor: live (the process), ready (the database too); public and not in the API document. */
describe("health probes", () => {
  it("answers /health, /health/live and /health/ready without a token, and leaves them out of the OpenAPI doc", async () => {
    const t = await createTestApp();
    try {
      for (const url of ["/health", "/health/live", "/health/ready"]) {
        const res = await t.app.inject({ method: "GET", url });
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 200, body: { ok: true } });
      }
      const doc = await t.app.inject({ method: "GET", url: "/api/docs/json" });
      expect(Object.keys(doc.json().paths).filter((path) => path.startsWith("/health"))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("is live but not ready when the database does not answer, in the usual error shape", async () => {
    const opened = await openTestDb();
    // No job runner: its polls would meet the pool the test closes.
    const config = loadConfig({
      LOG_LEVEL: "silent",
      DEMO_DATA: "false",
      WEB_DIST: "/nonexistent",
      JOBS_ENABLED: "false",
    });
    const app = await buildApp({ config, db: opened.db });
    await app.ready();
    try {
      await opened.close();
      expect((await app.inject({ method: "GET", url: "/health/live" })).statusCode).toBe(200);
      const ready = await app.inject({ method: "GET", url: "/health/ready", headers: { "accept-language": "en" } });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers["retry-after"]).toBe("5");
      expect(ready.json()).toEqual({ message: ERRORS.SERVICE_UNAVAILABLE.en, code: "SERVICE_UNAVAILABLE" });
    } finally {
      await app.close();
    }
  });
});
