// Inclusion and special monitoring (issue 28 §2, §3). Per student: conditions (physical, visual, intellectual and
// the school's own types, es/en) with barriers for learning and participation (school, classroom, family — USAER
// practice) and reasonable adjustments (curricular, methodological, assessment, access; who applies each and since
// when), USAER support and review dates; and conditioned enrollment (reasons academic, disciplinary, economic) with
// commitments, a "carta compromiso" PDF acknowledged by the family in the app (the student's signature recorded by
// staff, or the signed paper uploaded), review dates and an outcome the re-enrollment screen reads.
// Confidential: staff holding inclusion.read whose scope reaches the student (Orientador and Director by default)
// and the student's family (without internal notes). The student's teachers see only the active ADJUSTMENTS —
// never the condition, its description, documents or the conditioning reasons.
import { z } from "zod";
import { SupportStudent } from "./external-support.ts";
import { Id, multiLine, QueryId, QueryInt, singleLine } from "./fields.ts";
import { MessageAttachment } from "./messages.ts";
import { IsoDate } from "./school-years.ts";

export const BARRIER_CONTEXTS = ["school", "classroom", "family"] as const;
export type BarrierContext = (typeof BARRIER_CONTEXTS)[number];
export const ADJUSTMENT_KINDS = ["curricular", "methodological", "assessment", "access"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
/** Spec §3: conditioning reasons. */
export const CONDITIONING_REASONS = ["academic", "disciplinary", "economic"] as const;
export type ConditioningReason = (typeof CONDITIONING_REASONS)[number];
export const CONDITIONED_OUTCOMES = ["lifted", "continued", "not_reenrolled"] as const;
export type ConditionedOutcome = (typeof CONDITIONED_OUTCOMES)[number];
export const INCLUSION_TEXT_MAX = 2000;

/** The school's condition types; physical, visual and intellectual (spec §3) are seeded, the school adds others. */
export const ConditionType = z.object({
  id: z.number(),
  name: z.string(),
  name_en: z.string(),
  label: z.string(),
  active: z.boolean(),
});
export type ConditionType = z.infer<typeof ConditionType>;
export const ConditionTypeBody = z.object({
  name: singleLine().trim().min(1).max(80),
  name_en: singleLine().trim().min(1).max(80),
  active: z.boolean().default(true),
});
export type ConditionTypeBody = z.infer<typeof ConditionTypeBody>;

export const AdjustmentInput = z.object({
  kind: z.enum(ADJUSTMENT_KINDS),
  description: multiLine().trim().min(1).max(500),
  /** Who applies it, as the school says it ("Todos los docentes", "Maestra de USAER"). */
  applied_by: singleLine().trim().min(1).max(150),
  since: IsoDate,
});
export type AdjustmentInput = z.infer<typeof AdjustmentInput>;

/** An adjustment as answered (plain strings: rows stored before a request rule changed are still served). */
export const Adjustment = z.object({
  id: z.number(),
  kind: z.enum(ADJUSTMENT_KINDS),
  description: z.string(),
  applied_by: z.string(),
  since: z.string(),
});
export type Adjustment = z.infer<typeof Adjustment>;

export const BarrierInput = z.object({
  context: z.enum(BARRIER_CONTEXTS),
  description: multiLine().trim().min(1).max(500),
});
export type BarrierInput = z.infer<typeof BarrierInput>;

/** POST /api/students/:id/conditions (inclusion.create); 409 CONSENT_MISSING_DISABILITY without the family's consent. */
export const ConditionBody = z.object({
  condition_type_id: Id,
  /** The diagnosis or description: confidential (never shown to teachers). */
  description: multiLine().trim().max(INCLUSION_TEXT_MAX).default(""),
  barriers: z.array(BarrierInput).max(20).default([]),
  adjustments: z.array(AdjustmentInput).max(30).default([]),
  usaer_support: z.boolean().default(false),
  usaer_notes: multiLine().trim().max(INCLUSION_TEXT_MAX).default(""),
  review_date: IsoDate.nullable().default(null),
  internal_notes: multiLine().trim().max(INCLUSION_TEXT_MAX).default(""),
  /** Diagnosis and reports, uploaded with POST /api/support-attachments. */
  document_ids: z.array(Id).max(5).default([]),
});
export type ConditionBody = z.infer<typeof ConditionBody>;

/** PATCH /api/conditions/:id (inclusion.update): replaces what it names; `active: false` ends the condition. */
export const UpdateConditionBody = ConditionBody.partial().extend({ active: z.boolean().optional() });
export type UpdateConditionBody = z.infer<typeof UpdateConditionBody>;

export const Condition = z.object({
  id: z.number(),
  student_id: z.number(),
  type: z.object({ id: z.number(), label: z.string() }),
  description: z.string(),
  barriers: z.array(z.object({ id: z.number(), context: z.enum(BARRIER_CONTEXTS), description: z.string() })),
  adjustments: z.array(Adjustment),
  usaer_support: z.boolean(),
  usaer_notes: z.string(),
  review_date: z.string().nullable(),
  active: z.boolean(),
  /** Staff: the notes; a family: null. */
  internal_notes: z.string().nullable(),
  documents: z.array(MessageAttachment),
  created_by: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Condition = z.infer<typeof Condition>;

/** POST /api/students/:id/conditioned-enrollments (inclusion.create). One open at a time (409 CONDITIONED_ENROLLMENT_OPEN). */
export const ConditionedEnrollmentBody = z.object({
  reasons: z.array(z.enum(CONDITIONING_REASONS)).min(1).max(3),
  /** Why, for the file (confidential). */
  details: multiLine().trim().max(INCLUSION_TEXT_MAX).default(""),
  /** One commitment per line item: what the student and family commit to; printed in the letter. */
  commitments: z.array(singleLine().trim().min(1).max(300)).min(1).max(15),
  review_date: IsoDate.nullable().default(null),
});
export type ConditionedEnrollmentBody = z.infer<typeof ConditionedEnrollmentBody>;

/** PATCH /api/conditioned-enrollments/:id (inclusion.update): the outcome closes it (lifted, continued, not re-enrolled). */
export const UpdateConditionedEnrollmentBody = z
  .object({
    details: multiLine().trim().max(INCLUSION_TEXT_MAX),
    commitments: z.array(singleLine().trim().min(1).max(300)).min(1).max(15),
    review_date: IsoDate.nullable(),
    outcome: z.enum(CONDITIONED_OUTCOMES).nullable(),
    /** The signed paper letter, uploaded with POST /api/support-attachments. */
    signed_letter_id: Id.nullable(),
    /** Staff record that the student signed (in person). */
    student_acknowledged: z.boolean(),
  })
  .partial();
export type UpdateConditionedEnrollmentBody = z.infer<typeof UpdateConditionedEnrollmentBody>;

export const LetterAcknowledgement = z.object({
  by: z.object({ id: z.number(), name: z.string() }),
  /** "family" (in the app) or "student" (recorded by staff). */
  role: z.enum(["family", "student"]),
  at: z.string(),
  /** Comment the family left with it ("" when none). */
  comment: z.string(),
});
export type LetterAcknowledgement = z.infer<typeof LetterAcknowledgement>;

export const ConditionedEnrollment = z.object({
  id: z.number(),
  student_id: z.number(),
  /** Staff readers: the reasons and details; a family: the reasons too (it is their letter), details null. */
  reasons: z.array(z.enum(CONDITIONING_REASONS)),
  details: z.string().nullable(),
  commitments: z.array(z.string()),
  review_date: z.string().nullable(),
  outcome: z.enum(CONDITIONED_OUTCOMES).nullable(),
  closed_at: z.string().nullable(),
  acknowledgements: z.array(LetterAcknowledgement),
  signed_letter: MessageAttachment.nullable(),
  /** GET …/letter.pdf */
  letter_url: z.string(),
  /** A family member who has not acknowledged yet may. */
  can_acknowledge: z.boolean(),
  created_by: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
});
export type ConditionedEnrollment = z.infer<typeof ConditionedEnrollment>;

/** POST /api/conditioned-enrollments/:id/acknowledge — the family member's "Enterado y de acuerdo". */
export const AcknowledgeLetterBody = z.object({ comment: multiLine().trim().max(1000).default("") });
export type AcknowledgeLetterBody = z.infer<typeof AcknowledgeLetterBody>;

/** GET /api/students/:id/inclusion — staff readers (inclusion.read, scope) and the student's family. */
export const StudentInclusion = z.object({
  student: SupportStudent,
  conditions: z.array(Condition),
  conditioned_enrollments: z.array(ConditionedEnrollment),
  can_edit: z.boolean(),
  consent_granted: z.boolean(),
});
export type StudentInclusion = z.infer<typeof StudentInclusion>;

/**
 * GET /api/students/:id/adjustments — what a teacher sees in one click: the active adjustments of the student's
 * active conditions, and nothing else (no condition type, description, barriers, documents or reasons). For
 * whoever may open the student's file (staff); logged as a read.
 */
export const StudentAdjustments = z.object({
  student: SupportStudent,
  adjustments: z.array(Adjustment.omit({ id: true })),
});
export type StudentAdjustments = z.infer<typeof StudentAdjustments>;

/** GET /api/inclusion/monitored — the school's monitored students (inclusion.read, staff only). */
export const MonitoredStudent = z.object({
  student: SupportStudent,
  /** Labels of the active condition types (readers of inclusion only). */
  conditions: z.array(z.string()),
  adjustments: z.number(),
  conditioned: z.boolean(),
  /** The earliest review date among its open records. */
  next_review_date: z.string().nullable(),
  review_due: z.boolean(),
});
export type MonitoredStudent = z.infer<typeof MonitoredStudent>;
export const MonitoredList = z.object({ items: z.array(MonitoredStudent), total: z.number() });
export type MonitoredList = z.infer<typeof MonitoredList>;

/** The condition types of spec §3 every school starts with (migration 0035 gives them to the schools that existed). */
export const STARTER_CONDITION_TYPES: readonly { name: string; name_en: string }[] = [
  { name: "Física", name_en: "Physical" },
  { name: "Visual", name_en: "Visual" },
  { name: "Intelectual", name_en: "Intellectual" },
];

/** GET /api/inclusion/monitored */
export const MonitoredQuery = z.object({
  q: singleLine().trim().max(100).optional(),
  group_id: QueryId.optional(),
  due: z.enum(["true", "false"]).optional(),
  // A school's whole monitored list fits one page (issue 28: 500 students ≤ 50 ms).
  limit: QueryInt(1, 500).default(50),
  offset: QueryInt(0, 1_000_000).default(0),
});
export type MonitoredQuery = z.infer<typeof MonitoredQuery>;
