import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { ReportType } from "../../lib/report-types.ts";
import { createReportPdfPool } from "./report.pool.ts";
import { createReportProducer, scheduleReport, workReports } from "./run.job.ts";
import * as repo from "./scheduled-reports.repository.ts";
import { scheduledReportsRoutes } from "./scheduled-reports.routes.ts";
import { createScheduledReportsService } from "./scheduled-reports.service.ts";

type Needs = Pick<ModuleDeps, "db" | "jobs" | "events" | "mailer" | "config"> & {
  reportTypes: readonly ReportType[];
};

/**
 * Scheduled reports (issue 31 §3): the screen's routes, the job that produces each occurrence exactly once across
 * instances, and each report's schedule in the job runner (written when saved; again at start and when the
 * school's time zone changes).
 */
export const scheduledReportsModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const types = new Map(ctx.reportTypes.map((t) => [t.key, t]));
  const pdf = createReportPdfPool(ctx.config, (m) => app.log.warn(m));
  app.addHook("onClose", () => pdf.close());
  const producer = createReportProducer({
    db: ctx.db,
    mailer: ctx.mailer,
    jobs: ctx.jobs,
    config: ctx.config,
    pdf,
    types,
    log: (m) => app.log.warn(m),
  });
  workReports({ db: ctx.db, jobs: ctx.jobs, log: (m) => app.log.warn(m) }, producer);

  // Every active report's schedule, so the runner's rows always match the reports (an upsert changes nothing when
  // they already do).
  const resync = async (schoolId?: string) => {
    for (const { report, timeZone } of await repo.allActiveReports(ctx.db)) {
      if (!schoolId || report.schoolId === schoolId) await scheduleReport(ctx.jobs, report, timeZone);
    }
  };
  app.addHook("onReady", () => resync().catch((error: Error) => app.log.warn(`report schedules: ${error.message}`)));
  ctx.events.on("schools.changed", ({ schoolId }) => {
    void resync(schoolId).catch(() => undefined);
  });

  await app.register(scheduledReportsRoutes, {
    service: createScheduledReportsService({ db: ctx.db, jobs: ctx.jobs, types }),
  });
};
