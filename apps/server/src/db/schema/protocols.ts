import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { incidents } from "./incidents.ts";
import { createdAt, rowId, schoolIdColumn } from "./schools.ts";

// Issue 30 §2 (migration 0039): protocols the school defines, and the one an incident runs.

type Column = Parameters<typeof foreignKey>[0]["columns"][number];
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });

/** A protocol of the school's configurator (the *acoso escolar* one ships in the starter catalogue). */
export const protocols = pgTable(
  "protocols",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    nameEs: text("name_es").notNull(),
    nameEn: text("name_en"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

/** A protocol's steps in order; an edit replaces them (running incidents keep their copies). */
export const protocolSteps = pgTable(
  "protocol_steps",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    protocolId: integer("protocol_id").notNull(),
    position: integer("position").notNull(),
    nameEs: text("name_es").notNull(),
    nameEn: text("name_en"),
    /** DEADLINE_KINDS of the domain: same_day, hours, school_days. */
    deadlineKind: text("deadline_kind").notNull(),
    deadlineAmount: integer("deadline_amount").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.protocolId], foreignColumns: [protocols.schoolId, protocols.id] }),
    index("protocol_steps_protocol_idx").on(t.schoolId, t.protocolId, t.position),
  ],
);

/** The protocol an incident runs: one per incident, open until every step is done or waived. */
export const incidentProtocols = pgTable(
  "incident_protocols",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    incidentId: integer("incident_id").notNull(),
    protocolId: integer("protocol_id").notNull(),
    nameEs: text("name_es").notNull(),
    nameEn: text("name_en"),
    /** 'open' | 'completed'; the retention job holds an incident whose protocol is open. */
    status: text("status").notNull().default("open"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    unique("incident_protocols_incident_key").on(t.schoolId, t.incidentId),
    foreignKey({ columns: [t.schoolId, t.incidentId], foreignColumns: [incidents.schoolId, incidents.id] }),
    foreignKey({ columns: [t.schoolId, t.protocolId], foreignColumns: [protocols.schoolId, protocols.id] }),
  ],
);

/** A step of an incident's protocol: copied from the definition at the start, with its deadline on that day. */
export const incidentProtocolSteps = pgTable(
  "incident_protocol_steps",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    incidentProtocolId: integer("incident_protocol_id").notNull(),
    incidentId: integer("incident_id").notNull(),
    position: integer("position").notNull(),
    nameEs: text("name_es").notNull(),
    nameEn: text("name_en"),
    deadlineKind: text("deadline_kind").notNull(),
    deadlineAmount: integer("deadline_amount").notNull().default(0),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** PROTOCOL_STEP_STATUSES: pending, done, waived. */
    status: text("status").notNull().default("pending"),
    responsibleId: integer("responsible_id"),
    /** The completion note or the waiver's reason: staff only. */
    note: text("note"),
    /** Evidence: ids of the incident's attachments. */
    attachmentIds: jsonb("attachment_ids").$type<number[]>().notNull().default([]),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: integer("done_by"),
    /** Set by the statement that notifies the step overdue: once. */
    overdueNotifiedAt: timestamp("overdue_notified_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.incidentProtocolId],
      foreignColumns: [incidentProtocols.schoolId, incidentProtocols.id],
    }),
    foreignKey({ columns: [t.schoolId, t.incidentId], foreignColumns: [incidents.schoolId, incidents.id] }),
    byMember(t, t.responsibleId),
    byMember(t, t.doneBy),
    index("incident_protocol_steps_incident_idx").on(t.schoolId, t.incidentId, t.position),
    index("incident_protocol_steps_pending_idx").on(t.dueAt).where(sql`status = 'pending'`),
  ],
);
