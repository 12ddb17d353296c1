// A runner instance in a process of its own, killed by jobs-multi-instance.test.ts in the middle of a job: it writes
// the job's effect, says so on stdout, and then hangs as if its next step were slow, until SIGKILL.
import { openDb } from "../../src/db/client.ts";
import { createJobRunner } from "../../src/lib/jobs.ts";
import { recordEffect } from "./idempotent-handler.ts";

const opened = await openDb(process.env.JOBS_TEST_DATABASE_URL!, { poolSize: 2 });
const runner = createJobRunner({ db: opened.db, enabled: true, concurrency: 1, pollSeconds: 0.5, log: () => {} });
runner.work(
  "test-kill",
  async (job) => {
    await recordEffect(opened.db, job as never);
    process.stdout.write(`effect written ${job.id}\n`);
    await new Promise(() => {}); // never ends: the parent kills the process here
  },
  { expireSeconds: 2, retryDelaySeconds: 1 },
);
await runner.start();
process.stdout.write("ready\n");
