// Nursing (issue 29 §3, §4): each student's medical record — blood type, allergies and conditions with a severity and
// a critical flag, medication, insurance, emergency contacts and the school's own fields (nursing configurator) —
// with changes the family proposes and the nurse approves or rejects; infirmary visits (time in and out, reason,
// vital signs if taken, treatment, outcome) that notify the family at once and record when; the family's medication
// authorisations and the log of every dose given. Readers: staff holding nursing.read (the whole school: a nurse
// cares for any student) and the student's family. The student's teachers see only the CRITICAL allergies and
// conditions (the health alert), never the record.
import { z } from "zod";
import { SupportStudent } from "./external-support.ts";
import { Id, multiLine, singleLine } from "./fields.ts";
import { MessageAttachment } from "./messages.ts";
import { IsoDate } from "./school-years.ts";

export const NURSING_FIELD_KINDS = ["text", "yes_no", "date", "choice"] as const;
export type NursingFieldKind = (typeof NURSING_FIELD_KINDS)[number];
export const HEALTH_SEVERITIES = ["mild", "moderate", "severe"] as const;
export type HealthSeverity = (typeof HEALTH_SEVERITIES)[number];
export const BLOOD_TYPES = ["O+", "O-", "A+", "A-", "B+", "B-", "AB+", "AB-"] as const;
export type BloodType = (typeof BLOOD_TYPES)[number];
/** The two es/en lists of the nursing configurator besides the record's fields. */
export const NURSING_OPTION_KINDS = ["reason", "outcome"] as const;
export type NursingOptionKind = (typeof NURSING_OPTION_KINDS)[number];
export const NURSING_TEXT_MAX = 2000;
export const MAX_HEALTH_ITEMS = 30;
export const MAX_EMERGENCY_CONTACTS = 6;

const Instant = z.iso.datetime({ offset: true });
const short = (max = 150) => singleLine().trim().max(max);
const long = () => multiLine().trim().max(NURSING_TEXT_MAX);

// ───────────────────────── configurator ─────────────────────────

/** A choice of a configured field, es/en. */
export const NursingChoice = z.object({ es: short(80).min(1), en: short(80).min(1) });
export type NursingChoice = z.infer<typeof NursingChoice>;

/** An extra field of the medical record (beyond the fixed ones). */
export const NursingField = z.object({
  id: z.number(),
  label: z.string(),
  label_en: z.string(),
  kind: z.enum(NURSING_FIELD_KINDS),
  choices: z.array(z.object({ es: z.string(), en: z.string() })),
  position: z.number(),
  active: z.boolean(),
});
export type NursingField = z.infer<typeof NursingField>;
export const NursingFieldBody = z
  .object({
    label: short(120).min(1),
    label_en: short(120).min(1),
    kind: z.enum(NURSING_FIELD_KINDS),
    choices: z.array(NursingChoice).max(20).default([]),
    position: z.number().int().min(0).max(1000).default(0),
    active: z.boolean().default(true),
  })
  .refine((b) => b.kind !== "choice" || b.choices.length >= 2, {
    path: ["choices"],
    message: "NURSING_CHOICES_REQUIRED",
  });
export type NursingFieldBody = z.infer<typeof NursingFieldBody>;

/** A visit reason or outcome of the school's lists, es/en; `label` in the reader's language. */
export const NursingOption = z.object({
  id: z.number(),
  kind: z.enum(NURSING_OPTION_KINDS),
  name: z.string(),
  name_en: z.string(),
  label: z.string(),
  active: z.boolean(),
});
export type NursingOption = z.infer<typeof NursingOption>;
export const NursingOptionBody = z.object({
  kind: z.enum(NURSING_OPTION_KINDS),
  name: short(80).min(1),
  name_en: short(80).min(1),
  active: z.boolean().default(true),
});
export type NursingOptionBody = z.infer<typeof NursingOptionBody>;
export const UpdateNursingOptionBody = NursingOptionBody.omit({ kind: true });
export type UpdateNursingOptionBody = z.infer<typeof UpdateNursingOptionBody>;

export const NursingConfig = z.object({
  fields: z.array(NursingField),
  reasons: z.array(NursingOption),
  outcomes: z.array(NursingOption),
});
export type NursingConfig = z.infer<typeof NursingConfig>;

// ───────────────────────── medical record ─────────────────────────

/** An allergy or a condition; `critical` puts it in the alert the student's teachers see. */
export const HealthItem = z.object({
  name: short(150).min(1),
  severity: z.enum(HEALTH_SEVERITIES),
  critical: z.boolean().default(false),
  /** What to do (e.g. "Epinefrina autoinyectable en la mochila"). */
  notes: short(500).default(""),
});
export type HealthItem = z.infer<typeof HealthItem>;

export const EmergencyContact = z.object({
  name: short(150).min(1),
  relationship: short(80).default(""),
  phone: short(40).min(1),
});
export type EmergencyContact = z.infer<typeof EmergencyContact>;

/** Extra field values by field id: text, "yes"/"no", an ISO date, or the chosen option's Spanish text. */
export const ExtraValues = z.record(singleLine().regex(/^\d{1,9}$/), short(500));
export type ExtraValues = z.infer<typeof ExtraValues>;

export const MedicalRecordBody = z.object({
  blood_type: z.enum(BLOOD_TYPES).nullable().default(null),
  allergies: z.array(HealthItem).max(MAX_HEALTH_ITEMS).default([]),
  conditions: z.array(HealthItem).max(MAX_HEALTH_ITEMS).default([]),
  medication: long().default(""),
  insurance_provider: short(150).default(""),
  insurance_policy: short(80).default(""),
  emergency_contacts: z.array(EmergencyContact).max(MAX_EMERGENCY_CONTACTS).default([]),
  extra: ExtraValues.default({}),
});
export type MedicalRecordBody = z.infer<typeof MedicalRecordBody>;

/** What a family proposes: the parts of the record it changes (at least one), and why. */
export const ProposalBody = z.object({
  changes: z
    .object({
      blood_type: z.enum(BLOOD_TYPES).nullable().optional(),
      allergies: z.array(HealthItem).max(MAX_HEALTH_ITEMS).optional(),
      conditions: z.array(HealthItem).max(MAX_HEALTH_ITEMS).optional(),
      medication: long().optional(),
      insurance_provider: short(150).optional(),
      insurance_policy: short(80).optional(),
      emergency_contacts: z.array(EmergencyContact).max(MAX_EMERGENCY_CONTACTS).optional(),
      extra: ExtraValues.optional(),
    })
    .refine((c) => Object.values(c).some((v) => v !== undefined), { message: "NURSING_PROPOSAL_EMPTY" }),
  note: short(500).default(""),
});
export type ProposalBody = z.infer<typeof ProposalBody>;
export type ProposedChanges = ProposalBody["changes"];

export const PROPOSAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const DecideProposalBody = z.object({
  decision: z.enum(["approve", "reject"]),
  note: short(500).default(""),
});
export type DecideProposalBody = z.infer<typeof DecideProposalBody>;

const Person = z.object({ id: z.number(), name: z.string() });

export const Proposal = z.object({
  id: z.number(),
  student: SupportStudent,
  changes: z.record(z.string(), z.unknown()),
  note: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  proposed_by: Person,
  created_at: z.string(),
  decided_by: Person.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string(),
});
export type Proposal = z.infer<typeof Proposal>;

export const MedicalRecord = z.object({
  blood_type: z.string().nullable(),
  allergies: z.array(
    z.object({ name: z.string(), severity: z.enum(HEALTH_SEVERITIES), critical: z.boolean(), notes: z.string() }),
  ),
  conditions: z.array(
    z.object({ name: z.string(), severity: z.enum(HEALTH_SEVERITIES), critical: z.boolean(), notes: z.string() }),
  ),
  medication: z.string(),
  insurance_provider: z.string(),
  insurance_policy: z.string(),
  emergency_contacts: z.array(z.object({ name: z.string(), relationship: z.string(), phone: z.string() })),
  extra: z.record(z.string(), z.string()),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type MedicalRecord = z.infer<typeof MedicalRecord>;

// ───────────────────────── visits ─────────────────────────

/** Vital signs, each only when taken. */
export const Vitals = z.object({
  temperature_c: z.number().min(30).max(45).optional(),
  heart_rate: z.number().int().min(20).max(250).optional(),
  respiratory_rate: z.number().int().min(4).max(80).optional(),
  systolic: z.number().int().min(40).max(250).optional(),
  diastolic: z.number().int().min(20).max(160).optional(),
  spo2: z.number().int().min(50).max(100).optional(),
});
export type Vitals = z.infer<typeof Vitals>;

export const VisitBody = z.object({
  /** When the student came in; now when left out (the quick form). */
  arrived_at: Instant.optional(),
  left_at: Instant.nullable().default(null),
  reason_id: Id,
  reason_note: short(300).default(""),
  vitals: Vitals.nullable().default(null),
  treatment: long().default(""),
  outcome_id: Id.nullable().default(null),
  notes: long().default(""),
});
export type VisitBody = z.infer<typeof VisitBody>;
export const UpdateVisitBody = z.object({
  left_at: Instant.nullable().optional(),
  outcome_id: Id.nullable().optional(),
  treatment: long().optional(),
  vitals: Vitals.nullable().optional(),
  notes: long().optional(),
});
export type UpdateVisitBody = z.infer<typeof UpdateVisitBody>;

const Labelled = z.object({ id: z.number(), label: z.string() });
export const Visit = z.object({
  id: z.number(),
  student: SupportStudent,
  arrived_at: z.string(),
  left_at: z.string().nullable(),
  reason: Labelled,
  reason_note: z.string(),
  vitals: Vitals.nullable(),
  treatment: z.string(),
  outcome: Labelled.nullable(),
  notes: z.string(),
  recorded_by: z.string(),
  /** When the family's notification was written (with the visit); null when the student has no family linked. */
  family_notified_at: z.string().nullable(),
});
export type Visit = z.infer<typeof Visit>;

// ───────────────────────── medication ─────────────────────────

export const AUTHORIZATION_SOURCES = ["family", "nurse"] as const;
export const AuthorizationBody = z.object({
  medicine: short(150).min(1),
  dose: short(150).min(1),
  instructions: short(500).default(""),
  valid_from: IsoDate,
  valid_until: IsoDate.nullable().default(null),
  /** The signed paper the nurse recorded (a support-file upload); a family authorises in the app. */
  document_id: Id.nullable().default(null),
});
export type AuthorizationBody = z.infer<typeof AuthorizationBody>;
export const UpdateAuthorizationBody = z.object({ active: z.boolean() });

export const Authorization = z.object({
  id: z.number(),
  medicine: z.string(),
  dose: z.string(),
  instructions: z.string(),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
  source: z.enum(AUTHORIZATION_SOURCES),
  given_by: z.string(),
  document: MessageAttachment.nullable(),
  active: z.boolean(),
  created_at: z.string(),
});
export type Authorization = z.infer<typeof Authorization>;

export const AdministrationBody = z.object({
  authorization_id: Id,
  dose: short(150).min(1),
  given_at: Instant.optional(),
  visit_id: Id.nullable().default(null),
  notes: short(500).default(""),
});
export type AdministrationBody = z.infer<typeof AdministrationBody>;
export const Administration = z.object({
  id: z.number(),
  authorization_id: z.number(),
  medicine: z.string(),
  dose: z.string(),
  given_at: z.string(),
  given_by: z.string(),
  visit_id: z.number().nullable(),
  notes: z.string(),
});
export type Administration = z.infer<typeof Administration>;

// ───────────────────────── reads ─────────────────────────

/** The student's nursing file: the record, the configured fields, visits, authorisations, doses and proposals. */
export const StudentNursing = z.object({
  student: SupportStudent,
  record: MedicalRecord.nullable(),
  fields: z.array(NursingField),
  visits: z.array(Visit),
  authorizations: z.array(Authorization),
  administrations: z.array(Administration),
  proposals: z.array(Proposal),
  consent_granted: z.boolean(),
  can_edit: z.boolean(),
  /** A family member reading: may propose changes and authorise medication. */
  family: z.boolean(),
});
export type StudentNursing = z.infer<typeof StudentNursing>;

/** What the student's teachers see: the critical allergies and conditions, nothing else of the record. */
export const HealthAlert = z.object({
  student: SupportStudent,
  items: z.array(z.object({ kind: z.enum(["allergy", "condition"]), name: z.string(), notes: z.string() })),
});
export type HealthAlert = z.infer<typeof HealthAlert>;

export const NursingStudentsQuery = z.object({ q: singleLine().trim().max(100).default("") });
export const NursingStudent = SupportStudent.extend({ has_alert: z.boolean() });
export type NursingStudent = z.infer<typeof NursingStudent>;

/** The /nursing screen's day: today's visits (school time) and the pending family proposals. */
export const NursingDesk = z.object({ visits: z.array(Visit), proposals: z.array(Proposal) });
export type NursingDesk = z.infer<typeof NursingDesk>;

// ───────────────────────── rules ─────────────────────────

/** The critical items of a record: what the alert shows. */
export function criticalItems(record: Pick<MedicalRecordBody, "allergies" | "conditions">) {
  return [
    ...record.allergies
      .filter((a) => a.critical)
      .map((a) => ({ kind: "allergy" as const, name: a.name, notes: a.notes })),
    ...record.conditions
      .filter((c) => c.critical)
      .map((c) => ({ kind: "condition" as const, name: c.name, notes: c.notes })),
  ];
}

/**
 * Checks the extra values against the configured fields: an unknown or switched-off field, a "yes"/"no" that is
 * neither, a date that is not one, a choice not offered. Empty values clear a field. Returns field errors by path.
 */
export function extraFieldErrors(
  fields: readonly Pick<NursingField, "id" | "kind" | "choices" | "active">[],
  extra: Record<string, string>,
): Record<string, string> {
  const byId = new Map(fields.filter((f) => f.active).map((f) => [String(f.id), f]));
  const errors: Record<string, string> = {};
  for (const [id, value] of Object.entries(extra)) {
    const field = byId.get(id);
    const path = `extra.${id}`;
    if (!field) errors[path] = "NURSING_FIELD_UNKNOWN";
    else if (value === "") continue;
    else if (field.kind === "yes_no" && value !== "yes" && value !== "no") errors[path] = "NURSING_FIELD_INVALID";
    else if (field.kind === "date" && !z.iso.date().safeParse(value).success) errors[path] = "NURSING_FIELD_INVALID";
    else if (field.kind === "choice" && !field.choices.some((c) => c.es === value)) {
      errors[path] = "NURSING_FIELD_INVALID";
    }
  }
  return errors;
}

/** The record after a family's proposal is approved: the proposal's parts replace the record's. */
export function applyProposal(record: MedicalRecordBody, changes: ProposedChanges): MedicalRecordBody {
  const next = { ...record };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (key === "extra") next.extra = { ...record.extra, ...(value as Record<string, string>) };
    else (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

export const EMPTY_MEDICAL_RECORD: MedicalRecordBody = {
  blood_type: null,
  allergies: [],
  conditions: [],
  medication: "",
  insurance_provider: "",
  insurance_policy: "",
  emergency_contacts: [],
  extra: {},
};

/** Every school's starter lists (migration 0037 for the schools that existed; new schools get them on creation). */
export const STARTER_NURSING_REASONS = [
  { name: "Dolor de cabeza", name_en: "Headache" },
  { name: "Dolor de estómago", name_en: "Stomach ache" },
  { name: "Fiebre", name_en: "Fever" },
  { name: "Golpe o herida", name_en: "Bump or injury" },
  { name: "Malestar general", name_en: "Feeling unwell" },
  { name: "Medicamento programado", name_en: "Scheduled medication" },
] as const;
export const STARTER_NURSING_OUTCOMES = [
  { name: "Regresó a clase", name_en: "Back to class" },
  { name: "Enviado a casa", name_en: "Sent home" },
  { name: "Canalizado", name_en: "Referred" },
] as const;
