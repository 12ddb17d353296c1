// Re-enrollment (issue 31 §1; master configuration › reenrollment-students): the students of the current school year
// go into the groups of the next one. A mapping of groups prefilled by grade order (1° A → 2° A; the last grade of a
// section graduates), per-student exceptions, a preview, an all-or-nothing apply on the job runner, undo until the new
// year starts.
import { z } from "zod";
import { Id, singleLine } from "./fields.ts";
import { CONDITIONED_OUTCOMES } from "./inclusion.ts";

/** Where a student of the current year ends up. */
export const REENROLLMENT_OUTCOMES = [
  /** With their group's mapping into the next grade. */
  "promoted",
  /** Stays in the grade (the same group name, next year). */
  "repeats",
  /** Into another group of the next year than the mapping's. */
  "changes_group",
  /** Leaves as a graduate (the last grade of a section, or an exception). */
  "graduated",
  /** Leaves the school. */
  "withdrawn",
  /** Their conditioned enrollment ended "not re-enrolled": excluded, leaves when the new year starts. */
  "not_reenrolled",
  /** Already has a group in the next year: left as it is. */
  "already_enrolled",
] as const;
export type ReenrollmentOutcome = (typeof REENROLLMENT_OUTCOMES)[number];

/** What the Director may choose for one student instead of the group's mapping. */
export const REENROLLMENT_EXCEPTIONS = ["repeats", "changes_group", "graduated", "withdrawn"] as const;
export type ReenrollmentException = (typeof REENROLLMENT_EXCEPTIONS)[number];

/** Outcomes that leave no group in the next year: the student's status changes when the new year starts. */
export const REENROLLMENT_LEAVING: readonly ReenrollmentOutcome[] = ["graduated", "withdrawn", "not_reenrolled"];

export const REENROLLMENT_STATUSES = ["queued", "applying", "applied", "failed", "undone"] as const;
export type ReenrollmentStatus = (typeof REENROLLMENT_STATUSES)[number];

/** A group of the next year by grade and name: an existing one, or one the apply creates. */
export const ReenrollmentTarget = z.object({
  grade_id: Id,
  name: singleLine().trim().min(1).max(20),
});
export type ReenrollmentTarget = z.infer<typeof ReenrollmentTarget>;
/** The same in an answer: answers carry no request checks (rows stored before a rule are still served). */
const TargetOut = z.object({ grade_id: z.number(), name: z.string() });

export const ReenrollmentGroupMapping = z.object({
  source_group_id: Id,
  /** null: the group graduates. */
  to: ReenrollmentTarget.nullable(),
});
export type ReenrollmentGroupMapping = z.infer<typeof ReenrollmentGroupMapping>;

export const ReenrollmentExceptionBody = z.object({
  student_id: Id,
  outcome: z.enum(REENROLLMENT_EXCEPTIONS),
  /** changes_group: the group of the next year (required); ignored for the other outcomes. */
  to: ReenrollmentTarget.optional(),
});
export type ReenrollmentExceptionBody = z.infer<typeof ReenrollmentExceptionBody>;

/** POST /api/reenrollments/preview: a plan into the year `to_year_id`; groups left out keep their default mapping. */
export const ReenrollmentPlanBody = z
  .object({
    to_year_id: Id,
    groups: z.array(ReenrollmentGroupMapping).max(1000).default([]),
    exceptions: z.array(ReenrollmentExceptionBody).max(20_000).default([]),
  })
  .strict();
export type ReenrollmentPlanBody = z.input<typeof ReenrollmentPlanBody>;

/** POST /api/reenrollments: the plan as previewed; copy_staff copies head teachers and teaching assignments too. */
export const ApplyReenrollmentBody = ReenrollmentPlanBody.extend({
  /** From this year's group of the same grade and name into the next year's group (a head teacher only where none). */
  copy_staff: z.boolean().default(false),
}).strict();
export type ApplyReenrollmentBody = z.input<typeof ApplyReenrollmentBody>;

const YearRef = z.object({ id: z.number(), name: z.string(), starts_on: z.string(), ends_on: z.string() });

export const ReenrollmentGrade = z.object({
  id: z.number(),
  name: z.string(),
  section_id: z.number(),
  section_name: z.string(),
  section_name_en: z.string().nullable(),
});
export type ReenrollmentGrade = z.infer<typeof ReenrollmentGrade>;

/** A group of the current year with its default mapping and the one in force. */
export const ReenrollmentSourceGroup = z.object({
  id: z.number(),
  name: z.string(),
  grade_id: z.number(),
  students_count: z.number(),
  default_to: TargetOut.nullable(),
  to: TargetOut.nullable(),
});
export type ReenrollmentSourceGroup = z.infer<typeof ReenrollmentSourceGroup>;

/** A group of the next year the plan fills: `group_id` null when the apply creates it. */
export const ReenrollmentTargetGroup = z.object({
  grade_id: z.number(),
  name: z.string(),
  group_id: z.number().nullable(),
  /** Students the plan places there. */
  students_count: z.number(),
  /** Students already there before the apply. */
  existing_count: z.number(),
});
export type ReenrollmentTargetGroup = z.infer<typeof ReenrollmentTargetGroup>;

export const ReenrollmentStudent = z.object({
  id: z.number(),
  enrollment: z.string(),
  first_name: z.string(),
  paternal_surname: z.string(),
  maternal_surname: z.string(),
  source_group_id: z.number(),
  outcome: z.enum(REENROLLMENT_OUTCOMES),
  to: TargetOut.nullable(),
  /** The latest conditioned enrollment (inclusion): open (null outcome) or its outcome; absent: never conditioned. */
  conditioned: z.object({ outcome: z.enum(CONDITIONED_OUTCOMES).nullable() }).nullable(),
});
export type ReenrollmentStudent = z.infer<typeof ReenrollmentStudent>;

export const ReenrollmentCounts = z.record(z.enum(REENROLLMENT_OUTCOMES), z.number());
export type ReenrollmentCounts = z.infer<typeof ReenrollmentCounts>;

export const ReenrollmentPreview = z.object({
  from_year: YearRef,
  to_year: YearRef,
  grades: z.array(ReenrollmentGrade),
  groups: z.array(ReenrollmentSourceGroup),
  targets: z.array(ReenrollmentTargetGroup),
  students: z.array(ReenrollmentStudent),
  counts: ReenrollmentCounts,
});
export type ReenrollmentPreview = z.infer<typeof ReenrollmentPreview>;

export const ReenrollmentSchema = z.object({
  id: z.number(),
  from_year: z.object({ id: z.number(), name: z.string() }),
  to_year: z.object({ id: z.number(), name: z.string(), starts_on: z.string() }),
  status: z.enum(REENROLLMENT_STATUSES),
  /** Progress of the apply: step of steps. */
  step: z.number(),
  steps: z.number(),
  counts: ReenrollmentCounts,
  copy_staff: z.boolean(),
  /** Why it failed, in the reader's language. */
  error: z.string().nullable(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  /** When the new year started and the leavers' status changed. */
  finalized_at: z.string().nullable(),
  can_undo: z.boolean(),
  /** The next year's groups it filled (applied ones), with how many of its students each received. */
  groups: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      grade_name: z.string(),
      section_name: z.string(),
      section_name_en: z.string().nullable(),
      students_count: z.number(),
    }),
  ),
});
export type Reenrollment = z.infer<typeof ReenrollmentSchema>;

/** GET /api/reenrollments: the current year, the years it can go into, and the re-enrollments so far (newest first). */
export const ReenrollmentOverview = z.object({
  current_year: YearRef.nullable(),
  target_years: z.array(YearRef),
  reenrollments: z.array(ReenrollmentSchema),
});
export type ReenrollmentOverview = z.infer<typeof ReenrollmentOverview>;
