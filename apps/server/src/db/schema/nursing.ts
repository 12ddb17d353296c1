import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { createdAt, rowId, schoolIdColumn, updatedAt } from "./schools.ts";
import { students } from "./students.ts";

// Nursing (issue 29 §3, §4; module nursing; migration 0037). Minors' health data: every table is behind row-level
// security and the app role deletes nothing — a field or list entry is switched off, an authorisation withdrawn.

type Column = Parameters<typeof foreignKey>[0]["columns"][number];
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });
const ofStudent = (t: { schoolId: Column; studentId: Column }) =>
  foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] });

/** The medical record's extra fields of the nursing configurator (beyond the fixed ones). */
export const nursingFields = pgTable(
  "nursing_fields",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    label: text("label").notNull(),
    labelEn: text("label_en").notNull(),
    kind: text("kind").notNull(),
    choices: jsonb("choices").$type<{ es: string; en: string }[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

/** Visit reasons and visit outcomes, es/en: one table, `kind` says which list. */
export const nursingOptions = pgTable(
  "nursing_options",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

export interface StoredHealthItem {
  name: string;
  severity: "mild" | "moderate" | "severe";
  critical: boolean;
  notes: string;
}

/** One medical record per student; `has_critical` is kept with the lists so the teachers' alert is one probe. */
export const medicalRecords = pgTable(
  "medical_records",
  {
    schoolId: schoolIdColumn(),
    studentId: integer("student_id").notNull(),
    bloodType: text("blood_type"),
    allergies: jsonb("allergies").$type<StoredHealthItem[]>().notNull().default([]),
    conditions: jsonb("conditions").$type<StoredHealthItem[]>().notNull().default([]),
    medication: text("medication").notNull().default(""),
    insuranceProvider: text("insurance_provider").notNull().default(""),
    insurancePolicy: text("insurance_policy").notNull().default(""),
    emergencyContacts: jsonb("emergency_contacts")
      .$type<{ name: string; relationship: string; phone: string }[]>()
      .notNull()
      .default([]),
    extra: jsonb("extra").$type<Record<string, string>>().notNull().default({}),
    hasCritical: boolean("has_critical").notNull().default(false),
    updatedBy: integer("updated_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.studentId] }), ofStudent(t), byMember(t, t.updatedBy)],
);

/** A family's proposed change to the record, pending until the nurse approves or rejects it. */
export const medicalRecordProposals = pgTable(
  "medical_record_proposals",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    note: text("note").notNull().default(""),
    status: text("status").notNull().default("pending"),
    proposedBy: integer("proposed_by").notNull(),
    decidedBy: integer("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    ofStudent(t),
    byMember(t, t.proposedBy),
    index("medical_record_proposals_student_idx").on(t.schoolId, t.studentId),
  ],
);

/** An infirmary visit; `family_notified_at` is written with the family's notification, in the same transaction. */
export const infirmaryVisits = pgTable(
  "infirmary_visits",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }).notNull(),
    leftAt: timestamp("left_at", { withTimezone: true }),
    reasonId: integer("reason_id").notNull(),
    reasonNote: text("reason_note").notNull().default(""),
    vitals: jsonb("vitals").$type<Record<string, number>>(),
    treatment: text("treatment").notNull().default(""),
    outcomeId: integer("outcome_id"),
    notes: text("notes").notNull().default(""),
    recordedBy: integer("recorded_by").notNull(),
    familyNotifiedAt: timestamp("family_notified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    ofStudent(t),
    byMember(t, t.recordedBy),
    index("infirmary_visits_student_idx").on(t.schoolId, t.studentId, t.arrivedAt),
    index("infirmary_visits_day_idx").on(t.schoolId, t.arrivedAt),
  ],
);

/** The family's authorisation to give a medicine: given by a family member in the app, or recorded by the nurse. */
export const medicationAuthorizations = pgTable(
  "medication_authorizations",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    medicine: text("medicine").notNull(),
    dose: text("dose").notNull(),
    instructions: text("instructions").notNull().default(""),
    validFrom: date("valid_from").notNull(),
    validUntil: date("valid_until"),
    source: text("source").notNull(),
    givenBy: integer("given_by").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    ofStudent(t),
    byMember(t, t.givenBy),
    index("medication_authorizations_student_idx").on(t.schoolId, t.studentId),
  ],
);

/** Each dose given: under which authorisation, by whom, when. */
export const medicationAdministrations = pgTable(
  "medication_administrations",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    authorizationId: integer("authorization_id").notNull(),
    dose: text("dose").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
    givenBy: integer("given_by").notNull(),
    visitId: integer("visit_id"),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    ofStudent(t),
    byMember(t, t.givenBy),
    foreignKey({
      columns: [t.schoolId, t.authorizationId],
      foreignColumns: [medicationAuthorizations.schoolId, medicationAuthorizations.id],
    }),
    index("medication_administrations_student_idx").on(t.schoolId, t.studentId),
  ],
);
