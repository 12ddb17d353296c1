import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, rowId, schoolIdColumn, updatedAt } from "./schools.ts";

// Issue 31 §3: scheduled reports (modules/scheduled-reports, migration 0044). A run names students (by id), so the
// three tables are behind row-level security like the retention log.

export interface StoredReportFilters {
  section_ids: number[];
  grade_ids: number[];
  group_ids: number[];
}

/** A report: its type (a key of the registry), filters, when it goes out, to whom and in which format. */
export const scheduledReports = pgTable(
  "scheduled_reports",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    filters: jsonb("filters").$type<StoredReportFilters>().notNull(),
    /** daily, weekly, monthly */
    frequency: text("frequency").notNull(),
    weekday: smallint("weekday"),
    dayOfMonth: smallint("day_of_month"),
    /** "HH:MM" on the school's clock. */
    time: text("time").notNull(),
    /** pdf, xlsx */
    format: text("format").notNull(),
    recipientUserIds: integer("recipient_user_ids").array().notNull().default(sql`'{}'::integer[]`),
    recipientProfileIds: integer("recipient_profile_ids").array().notNull().default(sql`'{}'::integer[]`),
    recipientEmails: jsonb("recipient_emails").$type<{ email: string; language: "es" | "en" }[]>().notNull(),
    active: boolean("active").notNull().default(true),
    createdBy: integer("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: "scheduled_reports_pk", columns: [t.schoolId, t.id] })],
);

/**
 * One production of a report: an occurrence of its schedule or a "send now". Unique per report and occurrence, so
 * an occurrence's job run twice, or by two instances, writes one run and one set of e-mails.
 */
export const reportRuns = pgTable(
  "report_runs",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    reportId: integer("report_id").notNull(),
    /** The schedule's occurrence (ISO instant), or "manual:<uuid>" for a send now. */
    occurrence: text("occurrence").notNull(),
    /** schedule, manual */
    trigger: text("trigger").notNull(),
    /** queued (a send now waiting for its job), done, failed */
    status: text("status").notNull(),
    periodFrom: timestamp("period_from", { withTimezone: true }),
    periodTo: timestamp("period_to", { withTimezone: true }),
    rows: integer("rows"),
    /** The students the file names (the read log has an entry per student and recipient). */
    studentIds: integer("student_ids").array().notNull().default(sql`'{}'::integer[]`),
    requestedBy: integer("requested_by"),
    onlyMe: boolean("only_me").notNull().default(false),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: "report_runs_pk", columns: [t.schoolId, t.id] }),
    foreignKey({
      name: "report_runs_report_fk",
      columns: [t.schoolId, t.reportId],
      foreignColumns: [scheduledReports.schoolId, scheduledReports.id],
    }).onDelete("cascade"),
    uniqueIndex("report_runs_occurrence_key").on(t.schoolId, t.reportId, t.occurrence),
    index("report_runs_history_idx").on(t.schoolId, t.reportId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** One e-mail of a run: to whom, in which language, and its outbox row (whose state is the delivery's). */
export const reportDeliveries = pgTable(
  "report_deliveries",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    runId: integer("run_id").notNull(),
    recipient: text("recipient").notNull(),
    userId: integer("user_id"),
    language: text("language").notNull(),
    outboxId: uuid("outbox_id").notNull(),
  },
  (t) => [
    primaryKey({ name: "report_deliveries_pk", columns: [t.schoolId, t.id] }),
    foreignKey({
      name: "report_deliveries_run_fk",
      columns: [t.schoolId, t.runId],
      foreignColumns: [reportRuns.schoolId, reportRuns.id],
    }).onDelete("cascade"),
    index("report_deliveries_run_idx").on(t.schoolId, t.runId),
    index("report_deliveries_outbox_idx").on(t.outboxId),
  ],
);
