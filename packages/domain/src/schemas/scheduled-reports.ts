// Scheduled reports (issue 31 §3, master configuration → automatic-reports): what a report is, its runs and their
// deliveries, the form's options and the failed deliveries ('Unsent email list'). Rules: ../scheduled-reports.ts.
import { z } from "zod";
import { LANGUAGES } from "../constants.ts";
import {
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_MAX_EXTRA_EMAILS,
  REPORT_MAX_MONTH_DAY,
  REPORT_NAME_MAX,
  REPORT_TIME_PATTERN,
} from "../scheduled-reports.ts";
import { Id, QueryInt, singleLine } from "./fields.ts";

const Email = singleLine()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "REPORT_EMAIL_INVALID" }));

export const ReportFilters = z
  .object({
    section_ids: z.array(Id).max(50).default([]),
    grade_ids: z.array(Id).max(100).default([]),
    group_ids: z.array(Id).max(300).default([]),
  })
  .strict();
export type ReportFilters = z.infer<typeof ReportFilters>;

export const ReportExtraEmail = z.object({ email: Email, language: z.enum(LANGUAGES) }).strict();
export type ReportExtraEmail = z.infer<typeof ReportExtraEmail>;

/** A report as created or replaced (PUT sends it whole). */
export const ScheduledReportBody = z
  .object({
    name: singleLine().trim().min(1).max(REPORT_NAME_MAX),
    type: singleLine().trim().min(1).max(60),
    filters: ReportFilters.default({ section_ids: [], grade_ids: [], group_ids: [] }),
    frequency: z.enum(REPORT_FREQUENCIES),
    weekday: z.number().int().min(0).max(6).nullable().default(null),
    day_of_month: z
      .number()
      .int()
      .min(1, "REPORT_DAY_RANGE")
      .max(REPORT_MAX_MONTH_DAY, "REPORT_DAY_RANGE")
      .nullable()
      .default(null),
    time: singleLine().regex(REPORT_TIME_PATTERN, "REPORT_TIME_INVALID"),
    format: z.enum(REPORT_FORMATS),
    recipient_user_ids: z.array(Id).max(300).default([]),
    recipient_profile_ids: z.array(Id).max(50).default([]),
    recipient_emails: z.array(ReportExtraEmail).max(REPORT_MAX_EXTRA_EMAILS).default([]),
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.frequency === "weekly" && body.weekday === null)
      ctx.addIssue({ code: "custom", path: ["weekday"], message: "REPORT_WEEKDAY_REQUIRED" });
    if (body.frequency === "monthly" && body.day_of_month === null)
      ctx.addIssue({ code: "custom", path: ["day_of_month"], message: "REPORT_DAY_RANGE" });
    if (body.recipient_user_ids.length + body.recipient_profile_ids.length + body.recipient_emails.length === 0)
      ctx.addIssue({ code: "custom", path: ["recipient_user_ids"], message: "REPORT_NO_RECIPIENTS" });
  });
export type ScheduledReportBody = z.infer<typeof ScheduledReportBody>;

export const ScheduledReport = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  /** The type's name in the reader's language. */
  type_name: z.string(),
  filters: ReportFilters,
  frequency: z.enum(REPORT_FREQUENCIES),
  weekday: z.number().nullable(),
  day_of_month: z.number().nullable(),
  time: z.string(),
  format: z.enum(REPORT_FORMATS),
  recipient_user_ids: z.array(z.number()),
  recipient_profile_ids: z.array(z.number()),
  recipient_emails: z.array(z.object({ email: z.string(), language: z.enum(LANGUAGES) })),
  active: z.boolean(),
  /** When the next occurrence falls (ISO), or null while paused. */
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  created_at: z.string(),
});
export type ScheduledReport = z.infer<typeof ScheduledReport>;

export const ReportDelivery = z.object({
  id: z.number(),
  recipient: z.string(),
  /** The school user it went to, or null for an extra address. */
  user_name: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** The outbox's state of the e-mail: pending (queued or retrying), sent, or failed (on the unsent list). */
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type ReportDelivery = z.infer<typeof ReportDelivery>;

export const ReportRun = z.object({
  id: z.number(),
  /** schedule: an occurrence of the report's frequency; manual: "send now". */
  trigger: z.enum(["schedule", "manual"]),
  /** A send now to the one who asked only (a test). */
  only_me: z.boolean(),
  status: z.enum(["queued", "done", "failed"]),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  /** Rows in the report's file. */
  rows: z.number().nullable(),
  requested_by: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  deliveries: z.array(ReportDelivery),
});
export type ReportRun = z.infer<typeof ReportRun>;

export const ReportRunsQuery = z.object({
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, 50).default(10),
});
export type ReportRunsQuery = z.infer<typeof ReportRunsQuery>;

export const ReportRunsPage = z.object({
  runs: z.array(ReportRun),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ReportRunsPage = z.infer<typeof ReportRunsPage>;

/** "Send now": to every recipient, or only to the person asking (a test). */
export const ReportSendNowBody = z.object({ only_me: z.boolean().default(false) }).strict();
export type ReportSendNowBody = z.infer<typeof ReportSendNowBody>;

export const ReportSendNowAnswer = z.object({ run_id: z.number() });

/** A report type of the registry, in the reader's language. */
export const ReportTypeInfo = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** range: what happened in the period before each occurrence; snapshot: what stands at the time it runs. */
  period: z.enum(["range", "snapshot"]),
  /** Health data: only users holding its permission receive it, and no extra address. */
  restricted: z.boolean(),
});
export type ReportTypeInfo = z.infer<typeof ReportTypeInfo>;

const Named = z.object({ id: z.number(), name: z.string() });

/** Everything the report form picks from, in one call. */
export const ReportOptions = z.object({
  types: z.array(ReportTypeInfo),
  users: z.array(Named.extend({ email: z.string(), profile: z.string() })),
  profiles: z.array(Named),
  sections: z.array(Named),
  grades: z.array(Named.extend({ section_id: z.number() })),
  groups: z.array(Named.extend({ grade_id: z.number() })),
  time_zone: z.string(),
});
export type ReportOptions = z.infer<typeof ReportOptions>;

/** A report's e-mail that the outbox could not deliver after all its tries: the screen's 'Unsent email list'. */
export const UnsentReportDelivery = z.object({
  id: z.number(),
  report_id: z.number(),
  report_name: z.string(),
  recipient: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type UnsentReportDelivery = z.infer<typeof UnsentReportDelivery>;
