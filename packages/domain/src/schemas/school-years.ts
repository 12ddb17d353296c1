import { z } from "zod";
import { Id, optionalText, QueryId, singleLine } from "./fields.ts";
import { PersonName } from "./responses.ts";

/**
 * Master configuration › scholar-cicle and cycle-details (product design §3): school years (ciclos escolares)
 * with their periods, and the closed years kept read-only.
 */

/** `YYYY-MM-DD`; an empty string reads as a missing field ('empty fields'). */
export const IsoDate = singleLine().trim().min(1).pipe(z.iso.date());
const yearName = singleLine().trim().min(1).max(50);
const RowId = Id;

export const CreateSchoolYearBody = z.object({
  name: yearName,
  starts_on: IsoDate,
  ends_on: IsoDate,
  /** The first open year of a school is made current whatever this says. */
  is_current: z.boolean().optional(),
});
export type CreateSchoolYearBody = z.infer<typeof CreateSchoolYearBody>;

/** is_current: true moves "current" here; false on the current year is refused (there is always one). */
export const UpdateSchoolYearBody = CreateSchoolYearBody.partial();
export type UpdateSchoolYearBody = z.infer<typeof UpdateSchoolYearBody>;

export const CreatePeriodBody = z.object({
  name: singleLine().trim().min(1).max(50),
  /** Without it a period named the product's way gets its English name ("Bimestre 1" → "Bimester 1"). */
  name_en: optionalText(50),
  /** Defaults to after the year's last period. */
  order: z.number().int().min(0).max(1000).optional(),
  starts_on: IsoDate,
  ends_on: IsoDate,
});
export type CreatePeriodBody = z.infer<typeof CreatePeriodBody>;
export const UpdatePeriodBody = CreatePeriodBody.partial();
export type UpdatePeriodBody = z.infer<typeof UpdatePeriodBody>;

export const YearPeriodParams = z.object({
  id: QueryId,
  periodId: QueryId,
});

export const PeriodSchema = z.object({
  id: RowId,
  school_year_id: RowId,
  name: z.string(),
  name_en: z.string().nullable(),
  order: z.number(),
  starts_on: z.string(),
  ends_on: z.string(),
});

export const SchoolYearSchema = z.object({
  id: RowId,
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  is_current: z.boolean(),
  closed_at: z.string().nullable(),
  groups_count: z.number(),
  periods: z.array(PeriodSchema),
});
export type SchoolYearSchema = z.infer<typeof SchoolYearSchema>;

/** A group of a closed year as cycle-details lists it. */
export const PastGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  grade_id: z.number(),
  grade_name: z.string(),
  section_id: z.number(),
  section_name: z.string(),
  head_teacher: PersonName.nullable(),
  students_count: z.number(),
});

export const PastSchoolYearSchema = z.object({
  id: z.number(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  closed_at: z.string(),
  students_count: z.number(),
  groups: z.array(PastGroupSchema),
});

export const PastStudentSchema = PersonName.extend({ enrollment: z.string(), status: z.string() });

/** GET /api/cycle-details/:id: the closed year with each group's students. */
export const PastSchoolYearDetailSchema = PastSchoolYearSchema.extend({
  groups: z.array(PastGroupSchema.extend({ students: z.array(PastStudentSchema) })),
});
