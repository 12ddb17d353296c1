import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobRunner, type JobRunner } from "../../src/lib/jobs.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login, memberOf } from "../helpers/factories.ts";

// The platform administration's view of the job runner (issue 25 §1): queues with counts, failed and dead jobs
// with their error, and a retry — root only.

let t: TestApp;
let asRoot: ReturnType<typeof client>;
let worker: JobRunner;
let deadId: string;

beforeAll(async () => {
  // No test namespace: the worker below is a bare runner on the queues' own names.
  t = await createTestApp({ JOBS_NAMESPACE: "" });
  asRoot = client(t.app, await login(t.app, (await createUser(t.db, { root: 1 })).email));
  // Another instance of the runner works a queue whose handler always fails, with no retries: its job dies.
  let died: () => void = () => {};
  const dead = new Promise<void>((resolve) => {
    died = resolve;
  });
  worker = createJobRunner({
    db: t.db,
    enabled: true,
    concurrency: 1,
    pollSeconds: 0.5,
    log: (message) => {
      if (message.includes("failed")) setImmediate(died);
    },
  });
  worker.work(
    "test-admin-broken",
    async () => {
      throw new Error("550 mailbox unavailable");
    },
    { retryLimit: 0 },
  );
  await worker.start();
  deadId = (await t.app.ctx.jobs.send("test-admin-broken", { to: "someone" }))!;
  await dead;
  await worker.stop(1000);
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/admin/jobs", () => {
  it("lists the queues with their counts, and the dead job with its error", async () => {
    let body = (await asRoot({ method: "GET", url: "/api/admin/jobs" })).json().data;
    // The failure is written right after the handler throws: ask until the view shows it.
    while (!body.problems.some((p: { id: string }) => p.id === deadId)) {
      body = (await asRoot({ method: "GET", url: "/api/admin/jobs" })).json().data;
    }
    const names = body.queues.map((q: { name: string }) => q.name);
    expect(names).toEqual(expect.arrayContaining(["escalation-sweep", "idempotency-keys-purge", "test-admin-broken"]));
    expect(body.queues.find((q: { name: string }) => q.name === "test-admin-broken")).toMatchObject({
      dead: 1,
      active: 0,
    });
    expect(body.problems.find((p: { id: string }) => p.id === deadId)).toMatchObject({
      queue: "test-admin-broken",
      state: "dead",
      failures: 1,
      error: "550 mailbox unavailable",
    });
  });

  it("retries a dead job: it waits to run again; an unknown job is 404 in the caller's language", async () => {
    const res = await asRoot({ method: "POST", url: `/api/admin/jobs/test-admin-broken/${deadId}/retry` });
    expect(res.statusCode).toBe(200);
    const body = (await asRoot({ method: "GET", url: "/api/admin/jobs" })).json().data;
    expect(body.queues.find((q: { name: string }) => q.name === "test-admin-broken")).toMatchObject({ dead: 0 });
    const again = await asRoot({ method: "POST", url: `/api/admin/jobs/test-admin-broken/${deadId}/retry` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("No encontrado.");
  });

  it("is for root only", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    expect((await as({ method: "GET", url: "/api/admin/jobs" })).statusCode).toBe(403);
    const retry = await as({ method: "POST", url: `/api/admin/jobs/test-admin-broken/${deadId}/retry` });
    expect(retry.statusCode).toBe(403);
  });
});
