import type {
  Administration,
  Authorization,
  Language,
  MedicalRecord,
  MessageAttachment,
  NursingField,
  NursingOption,
  Proposal,
  SupportStudent,
  Visit,
  Vitals,
} from "@convive/domain";
import type { FieldRow, OptionRow } from "./config.repository.ts";
import type { AdministrationRow, AuthorizationListRow } from "./medication.repository.ts";
import type { ProposalRow, RecordRow } from "./record.repository.ts";
import type { VisitRow } from "./visits.repository.ts";

/** The owner kind of a medication authorisation's signed paper in the shared support-file store. */
export const AUTHORIZATION_FILE = "medication_authorization";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const say = (language: Language | undefined, es: string, en: string | null) => (language === "en" && en ? en : es);

export const presentField = (f: FieldRow): NursingField => ({
  id: f.id,
  label: f.label,
  label_en: f.labelEn,
  kind: f.kind as NursingField["kind"],
  choices: f.choices,
  position: f.position,
  active: f.active,
});

export const presentOption = (o: OptionRow, language: Language | undefined): NursingOption => ({
  id: o.id,
  kind: o.kind as NursingOption["kind"],
  name: o.name,
  name_en: o.nameEn,
  label: say(language, o.name, o.nameEn),
  active: o.active,
});

export const presentRecord = (r: RecordRow, names: Map<number, string>): MedicalRecord => ({
  blood_type: r.bloodType,
  allergies: r.allergies,
  conditions: r.conditions,
  medication: r.medication,
  insurance_provider: r.insuranceProvider,
  insurance_policy: r.insurancePolicy,
  emergency_contacts: r.emergencyContacts,
  extra: r.extra,
  updated_at: r.updatedAt.toISOString(),
  updated_by: names.get(r.updatedBy) ?? null,
});

export function presentVisit(row: VisitRow, student: SupportStudent, language: Language | undefined): Visit {
  const { v } = row;
  return {
    id: v.id,
    student,
    arrived_at: v.arrivedAt.toISOString(),
    left_at: iso(v.leftAt),
    reason: { id: v.reasonId, label: say(language, row.reasonName, row.reasonNameEn) },
    reason_note: v.reasonNote,
    vitals: (v.vitals as Vitals | null) ?? null,
    treatment: v.treatment,
    outcome:
      v.outcomeId === null || row.outcomeName === null
        ? null
        : { id: v.outcomeId, label: say(language, row.outcomeName, row.outcomeNameEn) },
    notes: v.notes,
    recorded_by: row.recordedBy,
    family_notified_at: iso(v.familyNotifiedAt),
  };
}

export const presentProposal = (p: ProposalRow, student: SupportStudent, names: Map<number, string>): Proposal => ({
  id: p.id,
  student,
  changes: p.changes,
  note: p.note,
  status: p.status as Proposal["status"],
  proposed_by: { id: p.proposedBy, name: names.get(p.proposedBy) ?? `#${p.proposedBy}` },
  created_at: p.createdAt.toISOString(),
  decided_by: p.decidedBy === null ? null : { id: p.decidedBy, name: names.get(p.decidedBy) ?? `#${p.decidedBy}` },
  decided_at: iso(p.decidedAt),
  decision_note: p.decisionNote,
});

export const presentAuthorization = (
  row: AuthorizationListRow,
  documents: Map<number, MessageAttachment[]>,
): Authorization => ({
  id: row.a.id,
  medicine: row.a.medicine,
  dose: row.a.dose,
  instructions: row.a.instructions,
  valid_from: row.a.validFrom,
  valid_until: row.a.validUntil,
  source: row.a.source as Authorization["source"],
  given_by: row.givenBy,
  document: documents.get(row.a.id)?.[0] ?? null,
  active: row.a.active,
  created_at: row.a.createdAt.toISOString(),
});

export const presentAdministration = (row: AdministrationRow): Administration => ({
  id: row.d.id,
  authorization_id: row.d.authorizationId,
  medicine: row.medicine,
  dose: row.d.dose,
  given_at: row.d.givenAt.toISOString(),
  given_by: row.givenBy,
  visit_id: row.d.visitId,
  notes: row.d.notes,
});
