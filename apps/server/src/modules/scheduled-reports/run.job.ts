import { randomUUID } from "node:crypto";
import { formatDateTime, type Language, reportCron, reportPeriod, todayIn } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import type { StoredReportFilters } from "../../db/schema/index.ts";
import type { JobRunner, Occurrence } from "../../lib/jobs.ts";
import { schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { type ReadEntry, registerSensitiveKind, writeReads } from "../../lib/read-log.ts";
import type { ReportType } from "../../lib/report-types.ts";
import { pdfLogo } from "../incidents/index.ts";
import { type ReportDocument, WORDS } from "./report.document.ts";
import { reportMail } from "./report.mail.ts";
import type { ReportPdfJobs } from "./report.pool.ts";
import { reportXlsx } from "./report.xlsx.ts";
import * as repo from "./scheduled-reports.repository.ts";

/** An occurrence of a report's schedule (key `<school>/<report>`, the report's cron in the school's zone). */
export const REPORT_QUEUE = "scheduled-report";
/** A "send now": the run the request queued. */
export const REPORT_NOW_QUEUE = "scheduled-report-now";
/** Runs after the first failure; then the run is kept as failed in the history and the job is dead. */
export const REPORT_RETRIES = 3;
const READ_KIND = "report.delivery";
/** The read log's session of an entry no request made (a job's e-mail): none. */
const NO_SESSION = "00000000-0000-0000-0000-000000000000";
const SCREEN = "/master-configuration/automatic-reports";

// Each e-mailed report names students: one entry per student and recipient (issue 25 §3, issue 31 §3).
registerSensitiveKind(READ_KIND, {
  es: "Reporte programado enviado por correo",
  en: "Scheduled report sent by e-mail",
});

export const scheduleKey = (schoolId: string, reportId: number) => `${schoolId}/${reportId}`;

interface Deps {
  db: Db;
  mailer: Mailer;
  jobs: JobRunner;
  config: Pick<Config, "PUBLIC_URL" | "APP_DOMAIN" | "UPLOADS_DIR">;
  pdf: ReportPdfJobs;
  types: ReadonlyMap<string, ReportType>;
  log: (message: string) => void;
}

interface Recipient {
  email: string;
  userId: number | null;
  language: Language;
  profileId: number;
  profileName: string;
}

const languageOf = (value: string): Language => (value === "en" ? "en" : "es");

/** The groups of the current year the filters leave in; null: no filter, the whole school. */
export async function groupsOf(db: Db, schoolId: string, filters: StoredReportFilters): Promise<number[] | null> {
  const { section_ids, grade_ids, group_ids } = filters;
  if (section_ids.length + grade_ids.length + group_ids.length === 0) return null;
  const structure = await repo.currentStructure(db, schoolId);
  const gradeSection = new Map(structure.grades.map((g) => [g.id, g.sectionId]));
  return structure.groups
    .filter(
      (g) =>
        group_ids.includes(g.id) ||
        grade_ids.includes(g.gradeId) ||
        section_ids.includes(gradeSection.get(g.gradeId) ?? -1),
    )
    .map((g) => g.id);
}

/** A file name a person recognises: the report's name and the day, letters and digits kept. */
const fileName = (name: string, day: string, format: "pdf" | "xlsx") =>
  `${
    name
      .normalize("NFKC")
      .replace(/[^\p{L}\p{N} _-]+/gu, "")
      .trim()
      .replace(/\s+/g, "-")
      .slice(0, 60) || "reporte"
  }-${day}.${format}`;

/**
 * Produces a report's occurrence (issue 31 §3): its recipients, one file per language they read, and in ONE
 * transaction the run (claimed by its unique key), each recipient's e-mail through the outbox with the file
 * attached, the deliveries and the read-log entries. Another instance or a rerun of the same occurrence finds the
 * run claimed and writes nothing: each occurrence is sent once. The files are drawn before the transaction (a rerun
 * may draw them twice and throw them away; nothing is sent twice).
 */
export function createReportProducer(deps: Deps) {
  const { db, types } = deps;

  async function recipientsOf(report: repo.ReportRow, type: ReportType, onlyMe: number | null): Promise<Recipient[]> {
    const { schoolId } = report;
    const direct = await repo.activeMembers(db, schoolId, onlyMe === null ? report.recipientUserIds : [onlyMe]);
    const viaProfile = onlyMe === null ? await repo.membersOfProfiles(db, schoolId, report.recipientProfileIds) : [];
    let users = [...direct, ...viaProfile];
    if (type.restrictedTo) {
      const allowed = await repo.holding(db, schoolId, [...new Set(users.map((u) => u.userId))], type.restrictedTo);
      users = users.filter((u) => allowed.has(u.userId));
    }
    const seen = new Set<string>();
    const out: Recipient[] = [];
    for (const u of users) {
      const key = u.email.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        email: u.email,
        userId: u.userId,
        language: languageOf(u.language),
        profileId: u.profileId ?? 0,
        profileName: u.profileName ?? "",
      });
    }
    // Outside addresses never receive health data (refused on save too), nor a test meant for the one asking.
    if (onlyMe === null && !type.restrictedTo) {
      const [creator] = await repo.activeMembers(db, schoolId, [report.createdBy]);
      for (const extra of report.recipientEmails) {
        const key = extra.email.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({
          email: extra.email,
          userId: null,
          language: languageOf(extra.language),
          // The read log names who chose to send it outside: the report's author.
          profileId: creator?.profileId ?? 0,
          profileName: creator?.profileName ?? "",
        });
      }
    }
    return out;
  }

  async function produce(
    report: repo.ReportRow,
    run: {
      occurrence: string;
      trigger: "schedule" | "manual";
      at: Date;
      onlyMe: number | null;
    },
  ) {
    const type = types.get(report.type);
    if (!type) throw new Error(`scheduled report ${report.id}: unknown type ${report.type}`);
    const school = await repo.schoolOf(db, report.schoolId);
    if (!school) return;
    const tz = school.timeZone;
    const period =
      type.period === "range"
        ? reportPeriod(report.frequency as "daily" | "weekly" | "monthly", run.at, tz)
        : { from: run.at, to: run.at };
    const groupIds = await groupsOf(db, report.schoolId, report.filters);
    const recipients = await recipientsOf(report, type, run.onlyMe);
    const logo = await pdfLogo(deps.config.UPLOADS_DIR, school.logo);
    const day = todayIn(tz, run.at);
    const format = report.format as "pdf" | "xlsx";

    // One table and one file per language the recipients read.
    const files = new Map<Language, { doc: ReportDocument; id: string; filename: string; content: Buffer }>();
    const studentIds = new Set<number>();
    let rows = 0;
    for (const lang of [...new Set(recipients.map((r) => r.language))]) {
      const table = await type.collect(db, {
        schoolId: report.schoolId,
        timeZone: tz,
        lang,
        from: period.from,
        to: period.to,
        groupIds,
      });
      for (const id of table.studentIds) studentIds.add(id);
      rows = table.rows.length;
      const shown = (at: Date) => formatDateTime(at, { lang, timeZone: tz });
      const doc: ReportDocument = {
        lang,
        timeZone: tz,
        school: school.name,
        title: report.name,
        type: type.name[lang],
        period:
          type.period === "range"
            ? WORDS.period[lang](shown(period.from), shown(period.to))
            : WORDS.snapshot[lang](shown(period.to)),
        generated: WORDS.generated[lang](shown(new Date())),
        summary: table.summary,
        columns: table.columns,
        rows: table.rows,
        truncated: table.truncated,
      };
      const content =
        format === "pdf"
          ? await deps.pdf.render({ document: doc, logo: logo ? new Uint8Array(logo) : null })
          : await reportXlsx(doc);
      files.set(lang, { doc, id: randomUUID(), filename: fileName(report.name, day, format), content });
    }

    const logoId = randomUUID();
    const link = schoolLink(deps.config, report.schoolId, SCREEN);
    await db.transaction(async (tx) => {
      const runId = await repo.claimRun(tx, report.schoolId, {
        reportId: report.id,
        occurrence: run.occurrence,
        trigger: run.trigger,
        periodFrom: period.from,
        periodTo: period.to,
        rows,
        studentIds: [...studentIds],
      });
      if (runId === null) return; // another instance, or an earlier run of this job, sent it
      const deliveries: Parameters<typeof repo.insertDeliveries>[2] = [];
      const reads: ReadEntry[] = [];
      for (const recipient of recipients) {
        const file = files.get(recipient.language)!;
        const mail = reportMail({
          lang: recipient.language,
          doc: file.doc,
          format,
          test: run.onlyMe !== null,
          link,
          logo: logo !== null,
        });
        const outboxId = randomUUID();
        await deps.mailer.send(
          {
            id: outboxId,
            to: recipient.email,
            ...mail,
            schoolId: report.schoolId,
            attachments: [
              {
                id: file.id,
                filename: file.filename,
                contentType:
                  format === "pdf"
                    ? "application/pdf"
                    : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                content: file.content,
              },
              ...(logo
                ? [{ id: logoId, filename: "logo.png", contentType: "image/png", content: logo, cid: "school-logo" }]
                : []),
            ],
          },
          tx,
        );
        deliveries.push({
          runId,
          recipient: recipient.email,
          userId: recipient.userId,
          language: recipient.language,
          outboxId,
        });
        const reader = recipient.userId ?? report.createdBy;
        for (const studentId of studentIds) {
          reads.push({
            schoolId: report.schoolId,
            studentId,
            kind: READ_KIND,
            recordId: recipient.userId === null ? `${runId}:${recipient.email}` : String(runId),
            userId: reader,
            profileId: recipient.profileId,
            profileName: recipient.profileName,
            sessionId: NO_SESSION,
          });
        }
      }
      await repo.insertDeliveries(tx, report.schoolId, deliveries);
      await writeReads(tx, reads);
    });
  }

  /** An occurrence of the schedule: produced unless the report is gone, paused, or the occurrence already done. */
  async function scheduled(schoolId: string, reportId: number, occurrence: string) {
    const report = await repo.getReport(db, schoolId, reportId);
    if (!report?.active) return;
    const at = new Date(occurrence);
    // An occurrence from before the schedule was saved (the runner catches up on the last minutes) is not sent.
    if (at.getTime() < report.updatedAt.getTime() - 1000) return;
    if (await repo.runDone(db, schoolId, reportId, occurrence)) return;
    await produce(report, { occurrence, trigger: "schedule", at, onlyMe: null });
  }

  /** A send now's queued run. */
  async function now(schoolId: string, runId: number) {
    const run = await repo.queuedRun(db, schoolId, runId);
    if (!run || run.status === "done") return;
    const report = await repo.getReport(db, schoolId, run.reportId);
    if (!report) return;
    await produce(report, {
      occurrence: run.occurrence,
      trigger: "manual",
      at: run.createdAt,
      onlyMe: run.onlyMe ? run.requestedBy : null,
    });
  }

  return { scheduled, now };
}

export type ReportProducer = ReturnType<typeof createReportProducer>;

/** The report's schedule in the runner (its cron in the school's zone), or none while paused. */
export async function scheduleReport(jobs: JobRunner, report: repo.ReportRow, timeZone: string) {
  const key = scheduleKey(report.schoolId, report.id);
  if (!report.active) return jobs.unschedule(REPORT_QUEUE, key);
  const cron = reportCron({
    frequency: report.frequency as "daily" | "weekly" | "monthly",
    weekday: report.weekday,
    day_of_month: report.dayOfMonth,
    time: report.time,
  });
  await jobs.schedule(REPORT_QUEUE, cron, { key, tz: timeZone });
}

/** The queues' handlers; a run whose tries are spent is kept as failed in the history. */
export function workReports(deps: Pick<Deps, "db" | "jobs" | "log">, producer: ReportProducer) {
  const { db, jobs } = deps;
  jobs.work<Occurrence>(
    REPORT_QUEUE,
    async (job) => {
      const [schoolId = "", id = ""] = job.data.scheduleKey.split("/");
      try {
        await producer.scheduled(schoolId, Number(id), job.data.occurrence);
      } catch (error) {
        if (job.retryCount >= REPORT_RETRIES) {
          const message = error instanceof Error ? error.message : String(error);
          await repo
            .failRun(db, schoolId, {
              reportId: Number(id),
              occurrence: job.data.occurrence,
              trigger: "schedule",
              error: message,
            })
            .catch(() => undefined);
        }
        throw error;
      }
    },
    { retryLimit: REPORT_RETRIES, retryDelaySeconds: 30, expireSeconds: 600 },
  );
  jobs.work<{ schoolId: string; runId: number }>(
    REPORT_NOW_QUEUE,
    async (job) => {
      try {
        await producer.now(job.data.schoolId, job.data.runId);
      } catch (error) {
        if (job.retryCount >= REPORT_RETRIES) {
          const run = await repo.queuedRun(db, job.data.schoolId, job.data.runId);
          const message = error instanceof Error ? error.message : String(error);
          if (run)
            await repo
              .failRun(db, job.data.schoolId, {
                reportId: run.reportId,
                occurrence: run.occurrence,
                trigger: "manual",
                error: message,
              })
              .catch(() => undefined);
        }
        throw error;
      }
    },
    { retryLimit: REPORT_RETRIES, retryDelaySeconds: 10, expireSeconds: 600 },
  );
}
