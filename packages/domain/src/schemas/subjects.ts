import { z } from "zod";
import { QueryId, Id as RowId, singleLine } from "./fields.ts";
import { StaffName } from "./structure.ts";

/**
 * Master configuration › subject (product design §3): subjects with the grades they are taught in, and the
 * teaching assignments (who teaches which subject to which group).
 */

/** Web forms send "" for an empty code; both "" and null mean "no code". Codes are unique per school. */
const SubjectCode = singleLine()
  .trim()
  .max(20)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

export const CreateSubjectBody = z.object({
  name: singleLine().trim().min(1).max(100),
  code: SubjectCode,
  grade_ids: z.array(RowId).max(100).default([]),
});
export type CreateSubjectBody = z.infer<typeof CreateSubjectBody>;

/** grade_ids, when given, replaces the subject's grades. */
export const UpdateSubjectBody = z.object({
  name: CreateSubjectBody.shape.name.optional(),
  code: SubjectCode,
  grade_ids: z.array(RowId).max(100).optional(),
});
export type UpdateSubjectBody = z.infer<typeof UpdateSubjectBody>;

export const SubjectsQuery = z.object({ grade_id: QueryId.optional() });

export const SubjectSchema = z.object({
  id: RowId,
  name: z.string(),
  code: z.string().nullable(),
  grade_ids: z.array(z.number()),
  grades: z.array(z.object({ id: z.number(), name: z.string(), section_name: z.string() })),
  assignments_count: z.number(),
});

/** One teaching assignment, as created and as deleted (DELETE takes the same triple). */
export const TeachingAssignmentBody = z.object({ user_id: RowId, group_id: RowId, subject_id: RowId });
export type TeachingAssignmentBody = z.infer<typeof TeachingAssignmentBody>;

/** With a group the group's assignments; otherwise those of the year asked for (default: the current one). */
export const TeachingAssignmentsQuery = z.object({
  group_id: QueryId.optional(),
  user_id: QueryId.optional(),
  school_year_id: QueryId.optional(),
});
export type TeachingAssignmentsQuery = z.infer<typeof TeachingAssignmentsQuery>;

export const TeachingAssignmentSchema = z.object({
  user_id: z.number(),
  group_id: z.number(),
  subject_id: z.number(),
  school_year_id: z.number(),
  user: StaffName,
  group_name: z.string(),
  grade_name: z.string(),
  subject_name: z.string(),
  is_head_teacher: z.boolean(),
});
