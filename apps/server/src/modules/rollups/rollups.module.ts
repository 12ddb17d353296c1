import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import {
  createRollupRebuilds,
  REBUILD_QUEUE,
  REBUILD_SWEEP_QUEUE,
  type RebuildJob,
  RUN_EXPIRE_SECONDS,
} from "./rebuilds.service.ts";
import { rollupsRoutes } from "./rollups.routes.ts";

/**
 * The rollups' rebuilds as jobs (issue 25 §5): the rebuild queue (one waiting job per school; a run claims the school
 * in rollup_rebuild_runs, so two never rebuild one school at once across instances), the minute's sweep, and the
 * status route. The services that change what rollups count (structure, teaching assignments, school information,
 * the platform's schools) announce it on the bus after their commit; the school's job is queued from there.
 */
export const rollupsModule: ModulePlugin<Pick<ModuleDeps, "db" | "events" | "jobs">> = async (app, { ctx }) => {
  const rebuilds = createRollupRebuilds({ db: ctx.db, jobs: ctx.jobs });
  ctx.jobs.work<RebuildJob>(REBUILD_QUEUE, (job) => rebuilds.run(job.data.schoolId, job.id).then(() => undefined), {
    policy: "short",
    expireSeconds: RUN_EXPIRE_SECONDS,
    retryLimit: 5,
    retryDelaySeconds: 30,
  });
  // A sweep that finds nothing is worth nothing a minute later: no retries, a short lease (as the escalation's).
  ctx.jobs.work(REBUILD_SWEEP_QUEUE, () => rebuilds.sweep().then(() => undefined), {
    retryLimit: 0,
    expireSeconds: 120,
  });
  await ctx.jobs.schedule(REBUILD_SWEEP_QUEUE, "* * * * *");

  // After the change committed (the bus announces after the transaction): its triggers' requests are there to read.
  const queue = (schoolId: string) =>
    void rebuilds.queue(schoolId).catch((error: Error) => app.log.warn(`rollup rebuild not queued: ${error.message}`));
  ctx.events.on("schools.changed", ({ schoolId }) => queue(schoolId));
  ctx.events.on("memberships.changed", ({ schoolId }) => queue(schoolId));

  await app.register(rollupsRoutes, { rebuilds });
};
