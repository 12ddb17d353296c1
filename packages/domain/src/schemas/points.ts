import { z } from "zod";
import { POINT_AWARD_KINDS, POINT_SOURCES, POINTS_RESETS, RATING_LIMITS } from "../ratings.ts";
import { Id, QueryId, singleLine } from "./fields.ts";
import { UserRef } from "./incidents.ts";
import { Day } from "./students.ts";

/**
 * Recognition points (issue 13 §3): a student's ledger, the group's view for the teacher and manual awards.
 * The ledger is read from its sources (accompaniment observations, incidents, point_awards), never copied.
 */

/** Which period (and so which school year) the balances are for; none: the period containing today. */
export const PointsQuery = z.object({ period_id: QueryId.optional() });
export type PointsQuery = z.infer<typeof PointsQuery>;

/**
 * An award or a redemption for some students, or for a whole group at once (the group's students of its school
 * year, active). Points are given positive; a redemption subtracts them. All or nothing.
 */
export const PointAwardBody = z
  .object({
    student_ids: z.array(Id).min(1).max(RATING_LIMITS.awardStudentsMax).optional(),
    /** With no student_ids: every active student of the group. With them: the group the award was given in. */
    group_id: Id.optional(),
    kind: z.enum(POINT_AWARD_KINDS).default("award"),
    points: z.number().int().min(1).max(RATING_LIMITS.pointsMax),
    reason: singleLine().trim().min(1).max(RATING_LIMITS.reasonMax),
    /** Not in the future (FUTURE_DATE) nor before the current school year (BEFORE_SCHOOL_YEAR). */
    awarded_on: Day,
  })
  .refine((b) => b.student_ids !== undefined || b.group_id !== undefined, {
    message: "EMPTY_FIELDS",
    path: ["student_ids"],
  })
  .refine((b) => b.student_ids === undefined || new Set(b.student_ids).size === b.student_ids.length, {
    message: "DUPLICATE_STUDENT",
    path: ["student_ids"],
  });
export type PointAwardBody = z.infer<typeof PointAwardBody>;

export const PointAwardResultSchema = z.object({
  /** Shared by the awards given together; null when one student got it. */
  batch_id: z.string().nullable(),
  ids: z.array(z.number()),
});
export type PointAwardResult = z.infer<typeof PointAwardResultSchema>;

const Named = z.object({ name_es: z.string(), name_en: z.string().nullable() });

/** One line of a student's ledger. */
export const PointEntrySchema = z.object({
  source: z.enum(POINT_SOURCES),
  /** The id of its source row (observation, incident or award). */
  id: z.number(),
  /** Signed: what the entry adds to the balance. */
  points: z.number(),
  /** The day it counts on (YYYY-MM-DD, the school's calendar). */
  on: z.string(),
  /** The observation type's or incident type's name, or the reason typed with the award. */
  reason: Named,
  /** The incident's folio (incident entries). */
  folio: z.number().nullable(),
  by: UserRef,
  /** Whether families see it (always true for awards); families only ever receive visible ones. */
  visible_to_family: z.boolean(),
  /** An award or redemption the reader may take back now. */
  can_delete: z.boolean(),
});
export type PointEntry = z.infer<typeof PointEntrySchema>;

/** The dates the balances are counted over. */
export const PointsWindowSchema = z.object({
  reset: z.enum(POINTS_RESETS),
  year: z.object({ id: z.number(), name: z.string(), starts_on: z.string(), ends_on: z.string() }).nullable(),
  period: z
    .object({
      id: z.number(),
      name: z.string(),
      name_en: z.string().nullable(),
      starts_on: z.string(),
      ends_on: z.string(),
    })
    .nullable(),
  /** Where the running balance starts (the school's reset); null: it never resets. */
  balance_starts_on: z.string().nullable(),
  today: z.string(),
});
export type PointsWindow = z.infer<typeof PointsWindowSchema>;

export const PointBalancesSchema = z.object({
  /** Points dated within the period (null: no period). */
  period: z.number().nullable(),
  /** Points dated within the school year (null: no year). */
  year: z.number().nullable(),
  /** The running balance up to today, from where the school's reset starts it. */
  balance: z.number(),
});
export type PointBalances = z.infer<typeof PointBalancesSchema>;

/** GET /api/students/:id/points: the balances and the school year's ledger, newest first. */
export const StudentPointsSchema = z.object({
  student: z.object({ id: z.number(), name: z.string() }),
  window: PointsWindowSchema,
  balances: PointBalancesSchema,
  entries: z.array(PointEntrySchema),
  /**
   * Entries kept to staff, which a family's list leaves out but its balances count (one set of numbers for
   * everyone, issue 26 §2): how many and what they add in the school year shown. Zero for staff, who see them all.
   */
  internal: z.object({ count: z.number(), points: z.number() }),
  /** The reader may award and redeem points to this student. */
  can_award: z.boolean(),
});
export type StudentPoints = z.infer<typeof StudentPointsSchema>;

/** GET /api/groups/:id/points: each student's balances, by name (never ranked by points). */
export const GroupPointsSchema = z.object({
  group: z.object({ id: z.number(), name: z.string() }),
  window: PointsWindowSchema,
  students: z.array(PointBalancesSchema.extend({ id: z.number(), name: z.string(), enrollment: z.string() })),
  /** The reader may award and redeem points to this group's students. */
  can_award: z.boolean(),
});
export type GroupPoints = z.infer<typeof GroupPointsSchema>;
