// Retention (issue 30 §5): the school's periods per category, the notice days, what the daily job will anonymise
// soon, and the retention log the Director reads. Rules and defaults: ../retention.ts.
import { z } from "zod";
import { RETENTION_CATEGORIES, RETENTION_MAX_YEARS, RETENTION_NOTICE_MAX, RETENTION_NOTICE_MIN } from "../retention.ts";
import { QueryInt } from "./fields.ts";

const Years = z
  .number({ message: "RETENTION_YEARS_RANGE" })
  .int("RETENTION_YEARS_RANGE")
  .min(1, "RETENTION_YEARS_RANGE")
  .max(RETENTION_MAX_YEARS, "RETENTION_YEARS_RANGE");

export const RetentionCategorySetting = z.object({
  category: z.enum(RETENTION_CATEGORIES),
  years: z.number(),
  default_years: z.number(),
  min_years: z.number(),
  updated_at: z.string().nullable(),
});
export type RetentionCategorySetting = z.infer<typeof RetentionCategorySetting>;

export const RetentionSettings = z.object({
  notice_days: z.number(),
  categories: z.array(RetentionCategorySetting),
  /** The hold checks in force (their labels in the reader's language): while one holds, nothing of a student goes. */
  holds: z.array(z.string()),
});
export type RetentionSettings = z.infer<typeof RetentionSettings>;

/** A change: any categories' years and/or the notice days; what is left out stays. */
export const RetentionSettingsBody = z
  .object({
    notice_days: z
      .number({ message: "RETENTION_NOTICE_RANGE" })
      .int("RETENTION_NOTICE_RANGE")
      .min(RETENTION_NOTICE_MIN, "RETENTION_NOTICE_RANGE")
      .max(RETENTION_NOTICE_MAX, "RETENTION_NOTICE_RANGE")
      .optional(),
    categories: z.partialRecord(z.enum(RETENTION_CATEGORIES), Years).default({}),
  })
  .strict();
export type RetentionSettingsBody = z.infer<typeof RetentionSettingsBody>;

/** What the daily job will anonymise within the notice days (or is holding), per student and category. */
export const RetentionUpcoming = z.object({
  student_id: z.number(),
  student: z.string(),
  category: z.enum(RETENTION_CATEGORIES),
  due_on: z.string(),
  held: z.boolean(),
});
export type RetentionUpcoming = z.infer<typeof RetentionUpcoming>;

/** One line of the retention log: a run anonymised `records` rows of one category for these students (by id). */
export const RetentionLogEntry = z.object({
  id: z.number(),
  ran_at: z.string(),
  category: z.enum(RETENTION_CATEGORIES),
  records: z.number(),
  student_ids: z.array(z.number()),
});
export type RetentionLogEntry = z.infer<typeof RetentionLogEntry>;

export const RetentionLogQuery = z.object({
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, 100).default(25),
});
export type RetentionLogQuery = z.infer<typeof RetentionLogQuery>;

export const RetentionLogPage = z.object({
  entries: z.array(RetentionLogEntry),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type RetentionLogPage = z.infer<typeof RetentionLogPage>;
