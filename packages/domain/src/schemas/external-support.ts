// External support (issue 28 §1): a student referred to an external specialist or institution — psychologist,
// therapist, neurologist, tutor… (the school's own list of trainer types, es/en) — with the family's consent
// (consent category `external_support`, plus the signed document), a status (requested → in progress → closed with
// an outcome), follow-up entries with files, and a next-review date whose reminder reaches the responsible staff.
// Confidential: staff holding external-support.read whose scope reaches the student (Orientador and Director by
// default), and the student's own family — without internal notes or internal follow-ups. Anyone else: 404.
import { z } from "zod";
import { Id, multiLine, QueryId, QueryInt, singleLine } from "./fields.ts";
import { MessageAttachment, MessagePerson } from "./messages.ts";
import { IsoDate } from "./school-years.ts";

export const REFERRAL_STATUSES = ["requested", "in_progress", "closed"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_TEXT_MAX = 2000;
export const REFERRAL_MAX_ATTACHMENTS = 5;

/** The school's trainer types (spec §3 "external trainers have a trainer type"); a starter list is seeded. */
export const TrainerType = z.object({
  id: z.number(),
  name: z.string(),
  name_en: z.string(),
  /** In the reader's language. */
  label: z.string(),
  active: z.boolean(),
});
export type TrainerType = z.infer<typeof TrainerType>;

/** POST /api/trainer-types, PATCH /api/trainer-types/:id (external-support.update). */
export const TrainerTypeBody = z.object({
  name: singleLine().trim().min(1).max(80),
  name_en: singleLine().trim().min(1).max(80),
  active: z.boolean().default(true),
});
export type TrainerTypeBody = z.infer<typeof TrainerTypeBody>;

/** POST /api/students/:id/referrals (external-support.create). Refused 409 CONSENT_MISSING_EXTERNAL_SUPPORT
 * unless the family granted the `external_support` consent. */
export const CreateReferralBody = z.object({
  trainer_type_id: Id,
  specialist: singleLine().trim().min(1).max(150),
  institution: singleLine().trim().max(150).default(""),
  /** Phone, e-mail or address of the specialist, as the school writes it. */
  contact: singleLine().trim().max(200).default(""),
  reason: multiLine().trim().min(1).max(REFERRAL_TEXT_MAX),
  start_date: IsoDate,
  next_review_date: IsoDate.nullable().default(null),
  /** The staff member reminded on the review date; default the creator. Must hold external-support.read. */
  responsible_id: Id.nullable().default(null),
  /** Staff-only notes (never shown to the family). */
  internal_notes: multiLine().trim().max(REFERRAL_TEXT_MAX).default(""),
  /** The signed consent document, uploaded with POST /api/support-attachments. */
  consent_document_id: Id.nullable().default(null),
  incident_id: Id.nullable().default(null),
});
export type CreateReferralBody = z.infer<typeof CreateReferralBody>;

/** PATCH /api/referrals/:id (external-support.update): any subset; closing needs an outcome (422 REFERRAL_OUTCOME_REQUIRED). */
export const UpdateReferralBody = z
  .object({
    status: z.enum(REFERRAL_STATUSES),
    outcome: multiLine().trim().max(REFERRAL_TEXT_MAX),
    specialist: singleLine().trim().min(1).max(150),
    institution: singleLine().trim().max(150),
    contact: singleLine().trim().max(200),
    next_review_date: IsoDate.nullable(),
    responsible_id: Id,
    internal_notes: multiLine().trim().max(REFERRAL_TEXT_MAX),
    consent_document_id: Id.nullable(),
  })
  .partial();
export type UpdateReferralBody = z.infer<typeof UpdateReferralBody>;

/** POST /api/referrals/:id/follow-ups (external-support.update). */
export const FollowUpBody = z.object({
  body: multiLine().trim().min(1).max(REFERRAL_TEXT_MAX),
  /** Internal entries are staff-only. */
  internal: z.boolean().default(false),
  attachment_ids: z.array(Id).max(REFERRAL_MAX_ATTACHMENTS).default([]),
});
export type FollowUpBody = z.infer<typeof FollowUpBody>;

export const ReferralFollowUp = z.object({
  id: z.number(),
  author: MessagePerson,
  body: z.string(),
  internal: z.boolean(),
  created_at: z.string(),
  attachments: z.array(MessageAttachment),
});
export type ReferralFollowUp = z.infer<typeof ReferralFollowUp>;

export const SupportStudent = z.object({ id: z.number(), name: z.string(), group: z.string().nullable() });
export type SupportStudent = z.infer<typeof SupportStudent>;

export const Referral = z.object({
  id: z.number(),
  student: SupportStudent,
  trainer_type: z.object({ id: z.number(), label: z.string() }),
  specialist: z.string(),
  institution: z.string(),
  contact: z.string(),
  reason: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  outcome: z.string().nullable(),
  start_date: z.string(),
  next_review_date: z.string().nullable(),
  /** The review date is today or past and the referral is not closed. */
  review_due: z.boolean(),
  responsible: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The family's `external_support` consent now, and the signed document if uploaded. */
  consent: z.object({ granted: z.boolean(), document: MessageAttachment.nullable() }),
  /** Staff: the notes; a family: null. */
  internal_notes: z.string().nullable(),
  incident_id: z.number().nullable(),
  created_by: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
  /** Oldest first; a family does not get the internal ones. */
  follow_ups: z.array(ReferralFollowUp),
  /** The reader may change it and add follow-ups. */
  can_edit: z.boolean(),
});
export type Referral = z.infer<typeof Referral>;

/** GET /api/students/:id/referrals — the student's referrals, newest first (staff readers and the family). */
export const StudentReferrals = z.object({
  student: SupportStudent,
  referrals: z.array(Referral),
  /** The reader may open a new referral (external-support.create). */
  can_create: z.boolean(),
  consent_granted: z.boolean(),
});
export type StudentReferrals = z.infer<typeof StudentReferrals>;

/** GET /api/referrals — the school's referrals for the support screen (external-support.read, staff only). */
export const ReferralListQuery = z.object({
  status: z.enum(["open", "closed", "all"]).default("open"),
  /** Only those whose review is due (today or past). */
  due: z.enum(["true", "false"]).optional(),
  group_id: QueryId.optional(),
  q: singleLine().trim().max(100).optional(),
  limit: QueryInt(1, 200).default(50),
  offset: QueryInt(0, 1_000_000).default(0),
});
export type ReferralListQuery = z.infer<typeof ReferralListQuery>;

export const ReferralListItem = Referral.pick({
  id: true,
  student: true,
  trainer_type: true,
  specialist: true,
  status: true,
  start_date: true,
  next_review_date: true,
  review_due: true,
  responsible: true,
});
export type ReferralListItem = z.infer<typeof ReferralListItem>;

export const ReferralList = z.object({ items: z.array(ReferralListItem), total: z.number() });
export type ReferralList = z.infer<typeof ReferralList>;

/** The trainer types every school starts with (migration 0034 gives them to the schools that existed). */
export const STARTER_TRAINER_TYPES: readonly { name: string; name_en: string }[] = [
  { name: "Psicólogo", name_en: "Psychologist" },
  { name: "Terapeuta", name_en: "Therapist" },
  { name: "Neurólogo", name_en: "Neurologist" },
  { name: "Tutor", name_en: "Tutor" },
  { name: "Terapeuta de lenguaje", name_en: "Speech therapist" },
  { name: "Psiquiatra", name_en: "Psychiatrist" },
];
