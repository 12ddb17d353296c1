import { z } from "zod";
import { multiLine } from "./fields.ts";

/**
 * The family's rights over their child's data (issue 30 §3, §4; LFPDPPP's ARCO rights): their own copy of what the
 * school holds for them (access), a request to correct it (rectification) answered by the school within
 * RECTIFICATION_DUE_DAYS, and who at the school opened the child's sensitive records.
 */

/**
 * Days the school has to answer a rectification request. LFPDPPP art. 32 gives the data controller 20 days from
 * receipt to answer; counted here as calendar days (never later than the law's limit, however its days are read).
 */
export const RECTIFICATION_DUE_DAYS = 20;

/** What the request is about: the family member's own data or the child's. */
export const RECTIFICATION_SUBJECTS = ["own", "child"] as const;
export type RectificationSubject = (typeof RECTIFICATION_SUBJECTS)[number];

export const RectificationBody = z.object({
  subject: z.enum(RECTIFICATION_SUBJECTS),
  /** What is wrong, as the family writes it. */
  current: multiLine().trim().min(1).max(2000),
  /** What it should say. */
  requested: multiLine().trim().min(1).max(2000),
});
export type RectificationBody = z.infer<typeof RectificationBody>;

export const RectificationAnswerBody = z.object({
  outcome: z.enum(["corrected", "declined"]),
  answer: multiLine().trim().min(1).max(2000),
});
export type RectificationAnswerBody = z.infer<typeof RectificationAnswerBody>;

export const RectificationSchema = z.object({
  id: z.number(),
  student: z.object({ id: z.number(), name: z.string() }),
  subject: z.enum(RECTIFICATION_SUBJECTS),
  current: z.string(),
  requested: z.string(),
  requested_by: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
  /** The day the answer is due (YYYY-MM-DD, school's calendar). */
  due_on: z.string(),
  status: z.enum(["open", "corrected", "declined"]),
  answer: z.string().nullable(),
  answered_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  answered_at: z.string().nullable(),
});
export type Rectification = z.infer<typeof RectificationSchema>;

export const RectificationListSchema = z.object({
  requests: z.array(RectificationSchema),
  /** True when the reader may answer them (the read-log holder: the Director by default). */
  can_answer: z.boolean(),
});
export type RectificationList = z.infer<typeof RectificationListSchema>;

export const RectificationsQuery = z.object({
  status: z.enum(["open", "all"]).default("open"),
});

/** The family's view of the read log: who at the school opened their child's records — names and profiles only. */
export const FamilyReadEntrySchema = z.object({
  read_at: z.string(),
  kind_label: z.string(),
  reader: z.string(),
  profile: z.string(),
});
export type FamilyReadEntry = z.infer<typeof FamilyReadEntrySchema>;

export const FamilyReadLogSchema = z.object({
  entries: z.array(FamilyReadEntrySchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type FamilyReadLog = z.infer<typeof FamilyReadLogSchema>;

export const FamilyCopyQuery = z.object({
  format: z.enum(["json", "pdf"]).default("json"),
});
