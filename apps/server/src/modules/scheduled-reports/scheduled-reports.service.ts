import { randomUUID } from "node:crypto";
import {
  type Language,
  type ReportOptions,
  type ReportRun,
  type ReportRunsPage,
  type ReportRunsQuery,
  type ReportSendNowBody,
  reportCron,
  type ScheduledReport,
  type ScheduledReportBody,
  type UnsentReportDelivery,
} from "@convive/domain";
import cronParser from "cron-parser";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import type { ReportType } from "../../lib/report-types.ts";
import { listUnsent, outboxStates, retryUnsent } from "../outbox/index.ts";
import { REPORT_NOW_QUEUE, REPORT_QUEUE, scheduleKey, scheduleReport } from "./run.job.ts";
import * as repo from "./scheduled-reports.repository.ts";

interface Deps {
  db: Db;
  jobs: JobRunner;
  types: ReadonlyMap<string, ReportType>;
}

/** The newest failures of the school's unsent list looked through for this screen's e-mails. */
const UNSENT_SHOWN = 200;

const nextRun = (report: repo.ReportRow, timeZone: string): string | null => {
  if (!report.active) return null;
  const cron = reportCron({
    frequency: report.frequency as "daily" | "weekly" | "monthly",
    weekday: report.weekday,
    day_of_month: report.dayOfMonth,
    time: report.time,
  });
  return cronParser.parseExpression(cron, { tz: timeZone, currentDate: new Date() }).next().toDate().toISOString();
};

/**
 * Master configuration → Scheduled reports (issue 31 §3): the school's reports (type from the registry, filters,
 * frequency at a time on the school's clock, recipients, format), their run history with each delivery, "send
 * now", and the failed deliveries with a retry. Each save writes the report's schedule in the job runner.
 */
export function createScheduledReportsService(deps: Deps) {
  const { db, jobs, types } = deps;

  async function zoneOf(schoolId: string) {
    const school = await repo.schoolOf(db, schoolId);
    if (!school) throw notFound();
    return school.timeZone;
  }

  function present(report: repo.ReportRow, lang: Language, timeZone: string, last: Date | undefined): ScheduledReport {
    const type = types.get(report.type);
    return {
      id: report.id,
      name: report.name,
      type: report.type,
      type_name: type?.name[lang] ?? report.type,
      filters: report.filters,
      frequency: report.frequency as ScheduledReport["frequency"],
      weekday: report.weekday,
      day_of_month: report.dayOfMonth,
      time: report.time,
      format: report.format as ScheduledReport["format"],
      recipient_user_ids: report.recipientUserIds,
      recipient_profile_ids: report.recipientProfileIds,
      recipient_emails: report.recipientEmails,
      active: report.active,
      next_run_at: nextRun(report, timeZone),
      last_run_at: last?.toISOString() ?? null,
      created_at: report.createdAt.toISOString(),
    };
  }

  /** The body's references are the school's: a type of the registry, members, profiles and this year's structure. */
  async function check(schoolId: string, body: ScheduledReportBody) {
    const type = types.get(body.type);
    if (!type) throw new AppError("VALIDATION", { type: "REPORT_TYPE_UNKNOWN" });
    if (type.restrictedTo && body.recipient_emails.length > 0)
      throw new AppError("REPORT_EXTERNAL_NOT_ALLOWED", { recipient_emails: "REPORT_EXTERNAL_NOT_ALLOWED" });
    const members = await repo.activeMembers(db, schoolId, body.recipient_user_ids);
    if (new Set(members.map((m) => m.userId)).size !== new Set(body.recipient_user_ids).size)
      throw new AppError("VALIDATION", { recipient_user_ids: "REPORT_RECIPIENT_UNKNOWN" });
    const profiles = new Set((await repo.schoolProfiles(db, schoolId)).map((p) => p.id));
    if (body.recipient_profile_ids.some((id) => !profiles.has(id)))
      throw new AppError("VALIDATION", { recipient_profile_ids: "REPORT_RECIPIENT_UNKNOWN" });
    const structure = await repo.currentStructure(db, schoolId);
    const known = (ids: number[], rows: { id: number }[]) => ids.every((id) => rows.some((r) => r.id === id));
    const { section_ids, grade_ids, group_ids } = body.filters;
    if (
      !known(section_ids, structure.sections) ||
      !known(grade_ids, structure.grades) ||
      !known(group_ids, structure.groups)
    )
      throw new AppError("VALIDATION", { filters: "REPORT_FILTER_UNKNOWN" });
  }

  const columns = (body: ScheduledReportBody) => ({
    name: body.name,
    type: body.type,
    filters: {
      section_ids: [...new Set(body.filters.section_ids)],
      grade_ids: [...new Set(body.filters.grade_ids)],
      group_ids: [...new Set(body.filters.group_ids)],
    },
    frequency: body.frequency,
    weekday: body.frequency === "weekly" ? body.weekday : null,
    dayOfMonth: body.frequency === "monthly" ? body.day_of_month : null,
    time: body.time,
    format: body.format,
    recipientUserIds: [...new Set(body.recipient_user_ids)],
    recipientProfileIds: [...new Set(body.recipient_profile_ids)],
    recipientEmails: [...new Map(body.recipient_emails.map((e) => [e.email, e])).values()],
    active: body.active,
  });

  async function owned(schoolId: string, id: number) {
    const report = await repo.getReport(db, schoolId, id);
    if (!report) throw notFound();
    return report;
  }

  return {
    async list(schoolId: string, lang: Language): Promise<ScheduledReport[]> {
      const [timeZone, reports, last] = await Promise.all([
        zoneOf(schoolId),
        repo.listReports(db, schoolId),
        repo.lastRuns(db, schoolId),
      ]);
      return reports.map((r) => present(r, lang, timeZone, last.get(r.id)));
    },

    async options(schoolId: string, lang: Language): Promise<ReportOptions> {
      const [timeZone, members, profiles, structure] = await Promise.all([
        zoneOf(schoolId),
        repo.activeMembers(db, schoolId),
        repo.schoolProfiles(db, schoolId),
        repo.currentStructure(db, schoolId),
      ]);
      const en = lang === "en";
      return {
        types: [...types.values()].map((t) => ({
          key: t.key,
          name: t.name[lang],
          description: t.description[lang],
          period: t.period,
          restricted: Boolean(t.restrictedTo),
        })),
        // Families are members too; reports go to staff.
        users: members
          .filter((m) => m.profileName !== null && m.profileName !== "Familiar")
          .map((m) => ({
            id: m.userId,
            name: m.name,
            email: m.email,
            profile: (en ? m.profileNameEn : null) ?? m.profileName ?? "",
          })),
        profiles: profiles
          .filter((p) => p.name !== "Familiar")
          .map((p) => ({ id: p.id, name: (en ? p.nameEn : null) ?? p.name })),
        sections: structure.sections.map((s) => ({ id: s.id, name: (en ? s.nameEn : null) ?? s.name })),
        grades: structure.grades.map((g) => ({ id: g.id, name: g.name, section_id: g.sectionId })),
        groups: structure.groups.map((g) => ({ id: g.id, name: g.name, grade_id: g.gradeId })),
        time_zone: timeZone,
      };
    },

    async create(schoolId: string, userId: number, body: ScheduledReportBody, lang: Language) {
      await check(schoolId, body);
      const timeZone = await zoneOf(schoolId);
      const report = await repo.insertReport(db, schoolId, { ...columns(body), createdBy: userId });
      await scheduleReport(jobs, report, timeZone);
      return present(report, lang, timeZone, undefined);
    },

    async replace(schoolId: string, id: number, body: ScheduledReportBody, lang: Language) {
      await owned(schoolId, id);
      await check(schoolId, body);
      const timeZone = await zoneOf(schoolId);
      const report = await repo.updateReport(db, schoolId, id, columns(body));
      if (!report) throw notFound();
      await scheduleReport(jobs, report, timeZone);
      const last = await repo.lastRuns(db, schoolId);
      return present(report, lang, timeZone, last.get(id));
    },

    async remove(schoolId: string, id: number) {
      if (!(await repo.deleteReport(db, schoolId, id))) throw notFound();
      await jobs.unschedule(REPORT_QUEUE, scheduleKey(schoolId, id));
      return { id };
    },

    async runs(schoolId: string, id: number, query: ReportRunsQuery): Promise<ReportRunsPage> {
      await owned(schoolId, id);
      const page = await repo.runsPage(db, schoolId, id, query.page, query.per_page);
      const states = new Map(
        (
          await outboxStates(
            db,
            schoolId,
            page.deliveries.map((d) => d.delivery.outboxId),
          )
        ).map((s) => [s.id, s]),
      );
      const runs: ReportRun[] = page.runs.map(({ run, requester }) => ({
        id: run.id,
        trigger: run.trigger as ReportRun["trigger"],
        only_me: run.onlyMe,
        status: run.status as ReportRun["status"],
        period_from: run.periodFrom?.toISOString() ?? null,
        period_to: run.periodTo?.toISOString() ?? null,
        rows: run.rows,
        requested_by: requester,
        error: run.error,
        created_at: run.createdAt.toISOString(),
        finished_at: run.finishedAt?.toISOString() ?? null,
        deliveries: page.deliveries
          .filter((d) => d.delivery.runId === run.id)
          .map(({ delivery, userName }) => {
            const state = states.get(delivery.outboxId);
            return {
              id: delivery.id,
              recipient: delivery.recipient,
              user_name: userName,
              language: delivery.language === "en" ? ("en" as const) : ("es" as const),
              status: state?.status ?? "pending",
              attempts: state?.attempts ?? 0,
              last_error: state?.lastError ?? null,
              sent_at: state?.sentAt?.toISOString() ?? null,
            };
          }),
      }));
      return { runs, total: page.total, page: query.page, per_page: query.per_page };
    },

    /** "Send now": a run queued with its job in one transaction; the job produces it like an occurrence. */
    async sendNow(schoolId: string, userId: number, id: number, body: ReportSendNowBody) {
      await owned(schoolId, id);
      const runId = await db.transaction(async (tx) => {
        const queued = await repo.queueRun(tx, schoolId, {
          reportId: id,
          occurrence: `manual:${randomUUID()}`,
          requestedBy: userId,
          onlyMe: body.only_me,
        });
        await jobs.send(REPORT_NOW_QUEUE, { schoolId, runId: queued }, { tx });
        return queued;
      });
      return { run_id: runId };
    },

    /** The school's unsent list narrowed to this screen's e-mails (the newest failures first). */
    async unsent(schoolId: string): Promise<UnsentReportDelivery[]> {
      const failed = await listUnsent(db, schoolId, UNSENT_SHOWN);
      const ours = new Map(
        (
          await repo.deliveriesByOutbox(
            db,
            schoolId,
            failed.map((f) => f.id),
          )
        ).map((d) => [d.outboxId, d]),
      );
      return failed.flatMap((f) => {
        const delivery = ours.get(f.id);
        if (!delivery) return [];
        return [
          {
            id: delivery.id,
            report_id: delivery.reportId,
            report_name: delivery.reportName,
            recipient: f.recipient,
            attempts: f.attempts,
            last_error: f.lastError,
            failed_at: f.failedAt?.toISOString() ?? null,
          },
        ];
      });
    },

    /** Sends a failed delivery again through the outbox's own retry. */
    async retry(schoolId: string, deliveryId: number) {
      const delivery = await repo.deliveryOf(db, schoolId, deliveryId);
      if (!delivery || !(await retryUnsent(db, jobs, delivery.outboxId, schoolId))) throw notFound();
      return { retried: true as const };
    },
  };
}

export type ScheduledReportsService = ReturnType<typeof createScheduledReportsService>;
