import { z } from "zod";
import { optionalText, QueryId, Id as RowId, singleLine } from "./fields.ts";

/**
 * Master configuration › level-grade-group (product design §3): sections (niveles), their grades, and the
 * groups of each grade in a school year with their head teacher (owner).
 */

const Order = z.number().int().min(0).max(1000);

/** name is the Spanish name; without name_en a level the product knows gets its English name ("Primary"). */
export const CreateSectionBody = z.object({
  name: singleLine().trim().min(1).max(80),
  name_en: optionalText(80),
  order: Order.optional(),
});
export type CreateSectionBody = z.infer<typeof CreateSectionBody>;
export const UpdateSectionBody = CreateSectionBody.partial();
export type UpdateSectionBody = z.infer<typeof UpdateSectionBody>;

export const SectionSchema = z.object({
  id: RowId,
  name: z.string(),
  name_en: z.string().nullable(),
  order: z.number(),
  grades_count: z.number(),
});

export const CreateGradeBody = z.object({
  section_id: RowId,
  name: singleLine().trim().min(1).max(40),
  order: Order.optional(),
});
export type CreateGradeBody = z.infer<typeof CreateGradeBody>;
export const UpdateGradeBody = CreateGradeBody.partial();
export type UpdateGradeBody = z.infer<typeof UpdateGradeBody>;

/** groups_count counts the groups of the year asked for (default: the current year). */
export const GradesQuery = z.object({ section_id: QueryId.optional(), school_year_id: QueryId.optional() });
export type GradesQuery = z.infer<typeof GradesQuery>;

export const GradeSchema = z.object({
  id: RowId,
  section_id: RowId,
  section_name: z.string(),
  section_name_en: z.string().nullable(),
  name: z.string(),
  order: z.number(),
  groups_count: z.number(),
});

export const CreateGroupBody = z.object({
  grade_id: RowId,
  /** Defaults to the current school year. */
  school_year_id: RowId.optional(),
  name: singleLine().trim().min(1).max(20),
  /** An active staff member of the school (any profile but Familiar); null for none yet. */
  head_teacher_id: RowId.nullable().optional(),
});
export type CreateGroupBody = z.infer<typeof CreateGroupBody>;
/** A group stays in its school year; re-enrollment, not editing, moves students to the next one. */
export const UpdateGroupBody = CreateGroupBody.omit({ school_year_id: true }).partial();
export type UpdateGroupBody = z.infer<typeof UpdateGroupBody>;

/** Without school_year_id the current year's groups are listed. */
export const GroupsQuery = z.object({ school_year_id: QueryId.optional(), grade_id: QueryId.optional() });
export type GroupsQuery = z.infer<typeof GroupsQuery>;

export const StaffName = z.object({
  id: z.number(),
  first_name: z.string(),
  paternal_surname: z.string(),
  maternal_surname: z.string(),
});

export const GroupSchema = z.object({
  id: RowId,
  name: z.string(),
  grade_id: RowId,
  grade_name: z.string(),
  section_id: RowId,
  section_name: z.string(),
  section_name_en: z.string().nullable(),
  school_year_id: RowId,
  head_teacher_id: z.number().nullable(),
  head_teacher: StaffName.nullable(),
  students_count: z.number(),
});

export const DeletedResponse = z.object({ id: z.number() });
