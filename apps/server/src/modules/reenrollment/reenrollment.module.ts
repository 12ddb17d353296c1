import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { reenrollmentRoutes } from "./reenrollment.routes.ts";
import { APPLY_QUEUE, createReenrollmentService, FINALIZE_QUEUE } from "./reenrollment.service.ts";

/** Re-enrollment (issue 31 §1): the screen's routes, the apply job and the sweep that finalizes a started year. */
export const reenrollmentModule: ModulePlugin<Pick<ModuleDeps, "db" | "jobs" | "events">> = async (app, { ctx }) => {
  const service = createReenrollmentService({
    db: ctx.db,
    jobs: ctx.jobs,
    events: ctx.events,
    log: (error) => app.log.error(error),
  });
  // An apply that died with its process is taken up again; its transaction left nothing, so the rerun starts clean.
  ctx.jobs.work<{ schoolId: string; id: number }>(APPLY_QUEUE, (job) => service.run(job.data.schoolId, job.data.id), {
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireSeconds: 600,
  });
  // Hourly: the re-enrollments whose new year has started get their leavers' status and can no longer be undone.
  ctx.jobs.work(FINALIZE_QUEUE, () => service.finalizeDue(), { retryLimit: 1, expireSeconds: 600 });
  await ctx.jobs.schedule(FINALIZE_QUEUE, "7 * * * *");
  await app.register(reenrollmentRoutes, { service });
};
