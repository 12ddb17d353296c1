import { z } from "zod";
import { CONSENT_CATEGORIES } from "../consent.ts";
import { LANGUAGES } from "../constants.ts";

/**
 * A student's consents (issue 25 §4): per category the state (the last record decides), the text the reader would
 * confirm next, and the whole history — grants and withdrawals are records, nothing is changed or deleted.
 */

export const ConsentCategorySchema = z.enum(CONSENT_CATEGORIES);

export const ConsentRecordSchema = z.object({
  id: z.number(),
  category: ConsentCategorySchema,
  granted: z.boolean(),
  /** The family member who gave or withdrew it. */
  by: z.object({ id: z.number(), name: z.string() }),
  at: z.string(),
  /** The school's privacy notice version in force then, and the text shown, word for word, in its language. */
  notice_version: z.number(),
  language: z.enum(LANGUAGES),
  text: z.string(),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

export const ConsentCategoryStateSchema = z.object({
  category: ConsentCategorySchema,
  label: z.string(),
  granted: z.boolean(),
  /** The record the state comes from; null when nobody ever granted or withdrew this category. */
  last: ConsentRecordSchema.nullable(),
  /**
   * For a family member: what they confirm next (the grant text when not granted, the withdrawal text when
   * granted), in their language under the notice version in force. Null for staff, who only read.
   */
  next_text: z.string().nullable(),
});
export type ConsentCategoryState = z.infer<typeof ConsentCategoryStateSchema>;

export const StudentConsentsSchema = z.object({
  student_id: z.number(),
  notice_version: z.number(),
  /** The reader may grant and withdraw (a family member of this student). */
  can_change: z.boolean(),
  categories: z.array(ConsentCategoryStateSchema),
  /** Every record, newest first. */
  history: z.array(ConsentRecordSchema),
});
export type StudentConsents = z.infer<typeof StudentConsentsSchema>;

/**
 * A grant or withdrawal: the category, the new state, and what the family member was shown — the notice version
 * and the language of the text. A version that is no longer the school's is refused (they read an older text).
 */
export const ConsentChangeBody = z.object({
  category: ConsentCategorySchema,
  granted: z.boolean(),
  notice_version: z.number().int().min(1),
  language: z.enum(LANGUAGES),
});
export type ConsentChangeBody = z.infer<typeof ConsentChangeBody>;
