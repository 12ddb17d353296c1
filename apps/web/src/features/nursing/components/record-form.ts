import type { HealthItem, MedicalRecord, MedicalRecordBody, ProposedChanges } from "@convive/domain";

/** The record form's values: the body as the server takes it (a record not yet written starts empty). */
export type RecordValues = MedicalRecordBody;

export function initialRecord(record: MedicalRecord | null): RecordValues {
  return {
    blood_type: (record?.blood_type as RecordValues["blood_type"]) ?? null,
    allergies: record?.allergies ?? [],
    conditions: record?.conditions ?? [],
    medication: record?.medication ?? "",
    insurance_provider: record?.insurance_provider ?? "",
    insurance_policy: record?.insurance_policy ?? "",
    emergency_contacts: record?.emergency_contacts ?? [],
    extra: record?.extra ?? {},
  };
}

export const emptyItem = (): HealthItem => ({ name: "", severity: "moderate", critical: false, notes: "" });

/** A family's proposal: only the parts that differ from the record (the nurse reads what changes). */
export function changesOf(before: RecordValues, after: RecordValues): ProposedChanges {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof RecordValues)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key];
  }
  return changes as ProposedChanges;
}
