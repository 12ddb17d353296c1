/**
 * Memory the hot-path caches take per 10 000 signed-in users (`npm run bench:cache-memory`): BENCH_USERS tabs
 * (default 10 000) each poll once, filling the identity and the poll-answer caches; the heap is measured after a
 * full collection with the caches full and again after clearing them. Needs --expose-gc (the script passes it).
 */
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { seedPollingUsers } from "./poll-users.ts";
import { runBench } from "./run.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench:cache-memory does)");

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

async function main() {
  const users = Number(process.env.BENCH_USERS ?? 10_000);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    DATABASE_URL: "pglite:memory",
  });
  const app = await buildApp({ config });
  try {
    await seedDemoIfEmpty(app.ctx.db);
    const tabs = await seedPollingUsers(app.ctx.db, "colegio-demo", users);
    for (const tab of tabs) {
      const res = await app.inject({
        method: "GET",
        url: `/api/users/${tab.userId}`,
        headers: { authorization: `Bearer ${tab.token}`, "x-school-id": "colegio-demo" },
      });
      if (res.statusCode !== 200) throw new Error(`poll answered ${res.statusCode}`);
    }
    const { identity, userJson } = app.caches;
    const full = heap();
    const entries = { identity: identity.size, userJson: userJson.size };
    identity.clear();
    userJson.clear();
    const empty = heap();
    const perUser = (full - empty) / users;
    console.log(
      `caches after ${users} users polled once: identity ${entries.identity}, poll answers ${entries.userJson}`,
    );
    console.log(`heap with them ${(full / 2 ** 20).toFixed(1)} MiB, without ${(empty / 2 ** 20).toFixed(1)} MiB`);
    console.log(
      `≈ ${(perUser / 1024).toFixed(2)} KiB per signed-in user → ${((perUser * 10_000) / 2 ** 20).toFixed(1)} MiB per 10 000 users`,
    );
  } finally {
    await app.close();
  }
}

runBench(main);
