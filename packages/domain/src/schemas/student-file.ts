import { z } from "zod";

/**
 * The student's file (issue 12 §1): one view of a student that every module adds a section to. The file itself
 * knows none of them by name: each section is a key the web maps to a tab, with the number of records the reader
 * may see in it.
 */

export const StudentFileSection = z.object({
  /** The section's key ("incidents", "observations"…): the web's tab registry knows what to show for it. */
  key: z.string(),
  /** How many records of the section the reader may see; for "points", the student's balance (issue 26 §6). */
  count: z.number(),
});
export type StudentFileSection = z.infer<typeof StudentFileSection>;

/** A family contact, shown to staff only. */
export const StudentFileContact = z.object({
  user_id: z.number(),
  name: z.string(),
  relationship: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  alternate_phone: z.string().nullable(),
  can_pick_up: z.boolean(),
  is_emergency_contact: z.boolean(),
});
export type StudentFileContact = z.infer<typeof StudentFileContact>;

export const StudentFileGroup = z.object({
  id: z.number(),
  name: z.string(),
  grade_name: z.string(),
  section_name: z.string(),
});

export const StudentFileSchema = z.object({
  student: z.object({
    id: z.number(),
    name: z.string(),
    first_name: z.string(),
    enrollment: z.string(),
    photo: z.string().nullable(),
    status: z.string(),
    /** The group of the current school year. */
    group: StudentFileGroup.nullable(),
  }),
  /** Family contacts for staff; null for a family reading their own child's file. */
  contacts: z.array(StudentFileContact).nullable(),
  sections: z.array(StudentFileSection),
});
export type StudentFile = z.infer<typeof StudentFileSchema>;

/** One piece of news about a child on their family's landing page. */
export const ChildNews = z.object({
  /** The section it comes from (incidents, observations, meetings…). */
  kind: z.string(),
  id: z.number(),
  /** School-time instant or day of what happened. */
  at: z.string(),
  title_es: z.string(),
  title_en: z.string(),
  /** Where the news opens in the web app, when it has a screen of its own. */
  link: z.string().nullable(),
});
export type ChildNews = z.infer<typeof ChildNews>;

export const MyChildSchema = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string(),
  photo: z.string().nullable(),
  group: StudentFileGroup.nullable(),
  /** The latest news, newest first (a few). */
  news: z.array(ChildNews),
});
export type MyChild = z.infer<typeof MyChildSchema>;
