import { sql } from "drizzle-orm";
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
  unique,
} from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { createdAt, rowId, schoolIdColumn, schools, updatedAt } from "./schools.ts";
import { groups, periods, schoolYears, subjects } from "./structure.ts";
import { students } from "./students.ts";

/** Who did something, as a member of the school (so the row can never name another school's user). */
const memberRef = (column: string) => integer(column);
type Column = Parameters<typeof foreignKey>[0]["columns"][number];
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });

// ───────────────────────── configurators ─────────────────────────

export const incidentCategories = pgTable(
  "incident_categories",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    nameEs: text("name_es").notNull(),
    nameEn: text("name_en"),
    order: integer("order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

export const incidentTypes = pgTable(
  "incident_types",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    categoryId: integer("category_id").notNull(),
    nameEs: text("name_es").notNull(),
    nameEn: text("name_en"),
    /** minor, serious, very-serious (CLASSIFICATIONS of the domain). */
    classification: text("classification").notNull(),
    defaultPoints: integer("default_points").notNull().default(0),
    notifyFamily: boolean("notify_family").notNull().default(true),
    /** Formative guidelines, one entry per line of the configurator. */
    guidelines: jsonb("guidelines").$type<string[]>().notNull().default([]),
    /** The same guidelines for readers of English; empty: they read the Spanish ones (migration 0009). */
    guidelinesEn: jsonb("guidelines_en").$type<string[]>().notNull().default([]),
    isActive: boolean("is_active").notNull().default(true),
    /** The protocol its incidents follow (issue 30 §2; composite foreign key in migration 0039), or null. */
    protocolId: integer("protocol_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.categoryId],
      foreignColumns: [incidentCategories.schoolId, incidentCategories.id],
    }),
    index("incident_types_category_idx").on(t.schoolId, t.categoryId),
  ],
);

export const observationTypes = pgTable(
  "observation_types",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    nameEs: text("name_es").notNull(),
    nameEn: text("name_en"),
    /** positive or neutral */
    kind: text("kind").notNull(),
    points: integer("points").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

// ───────────────────────── incidents ─────────────────────────

/** The last folio given per school: `UPDATE … RETURNING` hands out the next one under a row lock. */
export const incidentCounters = pgTable("incident_counters", {
  schoolId: text("school_id")
    .primaryKey()
    .references(() => schools.id, { onDelete: "cascade" }),
  lastFolio: integer("last_folio").notNull().default(0),
});

export const incidents = pgTable(
  "incidents",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    /** Readable number per school (1, 2, 3…). */
    folio: integer("folio").notNull(),
    schoolYearId: integer("school_year_id").notNull(),
    periodId: integer("period_id"),
    categoryId: integer("category_id").notNull(),
    typeId: integer("type_id").notNull(),
    /** Copied from the type when registered, so editing the type later keeps history true. */
    classification: text("classification").notNull(),
    points: integer("points").notNull().default(0),
    detail: text("detail").notNull(),
    place: text("place"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    groupId: integer("group_id"),
    /**
     * Every group the incident concerns: its own group and each student's group at the time, kept in step by
     * registration and corrections. Teachers' scopes and the group/grade/section filters read this one column, so
     * the archive never has to join the students to know whether a row is in.
     */
    groupIds: integer("group_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** The incident's students, kept in step like group_ids: a family's scope and the student filter read it. */
    studentIds: integer("student_ids").array().notNull().default(sql`'{}'::integer[]`),
    subjectId: integer("subject_id"),
    visibleToFamily: boolean("visible_to_family").notNull(),
    /** open, closed, cancelled */
    status: text("status").notNull().default("open"),
    recordedBy: memberRef("recorded_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: memberRef("closed_by"),
    closingNote: text("closing_note"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: memberRef("cancelled_by"),
    cancelReason: text("cancel_reason"),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    unique("incidents_folio_key").on(t.schoolId, t.folio),
    foreignKey({ columns: [t.schoolId, t.schoolYearId], foreignColumns: [schoolYears.schoolId, schoolYears.id] }),
    foreignKey({ columns: [t.schoolId, t.periodId], foreignColumns: [periods.schoolId, periods.id] }),
    foreignKey({
      columns: [t.schoolId, t.categoryId],
      foreignColumns: [incidentCategories.schoolId, incidentCategories.id],
    }),
    foreignKey({ columns: [t.schoolId, t.typeId], foreignColumns: [incidentTypes.schoolId, incidentTypes.id] }),
    foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [groups.schoolId, groups.id] }),
    foreignKey({ columns: [t.schoolId, t.subjectId], foreignColumns: [subjects.schoolId, subjects.id] }),
    byMember(t, t.recordedBy),
    byMember(t, t.closedBy),
    byMember(t, t.cancelledBy),
    // The archive's default order and its most common filters, each ending in the order it pages by.
    index("incidents_occurred_idx").on(t.schoolId, t.occurredAt.desc(), t.id.desc()),
    index("incidents_status_idx").on(t.schoolId, t.status, t.occurredAt.desc()),
    index("incidents_type_idx").on(t.schoolId, t.typeId, t.occurredAt.desc()),
    index("incidents_category_idx").on(t.schoolId, t.categoryId, t.occurredAt.desc()),
    index("incidents_group_idx").on(t.schoolId, t.groupId, t.occurredAt.desc()),
    index("incidents_recorded_by_idx").on(t.schoolId, t.recordedBy, t.occurredAt.desc()),
    index("incidents_classification_idx").on(t.schoolId, t.classification, t.occurredAt.desc()),
    index("incidents_subject_idx").on(t.schoolId, t.subjectId, t.occurredAt.desc()),
    // The dashboard's median time to close (migration 0019 adds closed_at, group_ids, recorded_by as INCLUDE).
    index("incidents_closed_time_idx").on(t.schoolId, t.occurredAt).where(sql`status = 'closed'`),
    // Scope and filters in one GIN scan (btree_gin; migration 0007_archive_filters says why school_id is not in it).
    index("incidents_filters_idx").using(
      "gin",
      t.status,
      t.typeId,
      t.categoryId,
      t.classification,
      t.subjectId,
      t.recordedBy,
      t.studentIds,
      t.groupIds,
    ),
    index("incidents_search_idx").using(
      "gin",
      sql`to_tsvector('simple', ${t.detail} || ' ' || coalesce(${t.place}, ''))`,
    ),
  ],
);

/** The students of an incident, each with a role and the group they were in when it happened. */
export const incidentStudents = pgTable(
  "incident_students",
  {
    schoolId: schoolIdColumn(),
    incidentId: integer("incident_id").notNull(),
    studentId: integer("student_id").notNull(),
    /** involved, affected, witness */
    role: text("role").notNull(),
    groupId: integer("group_id"),
    /**
     * The incident's time, kept by the database (migration 0008: taken on insert, followed when the incident's time
     * is corrected), so a family's archive walks their children's incidents in order. Never written by the app.
     */
    occurredAt: timestamp("occurred_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.incidentId, t.studentId] }),
    foreignKey({ columns: [t.schoolId, t.incidentId], foreignColumns: [incidents.schoolId, incidents.id] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [groups.schoolId, groups.id] }),
    index("incident_students_walk_idx").on(t.schoolId, t.studentId, t.occurredAt.desc(), t.incidentId.desc()),
    index("incident_students_group_idx").on(t.schoolId, t.groupId),
  ],
);

/** Evidence files; stored under UPLOADS_DIR/private, served only to members who may see the incident. */
export const incidentAttachments = pgTable(
  "incident_attachments",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    incidentId: integer("incident_id").notNull(),
    fileName: text("file_name").notNull(),
    storedName: text("stored_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: memberRef("uploaded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.incidentId], foreignColumns: [incidents.schoolId, incidents.id] }),
    byMember(t, t.uploadedBy),
    index("incident_attachments_incident_idx").on(t.schoolId, t.incidentId),
  ],
);

/** Every change of an incident, append-only: rows are inserted, never updated or deleted. */
export const incidentTimeline = pgTable(
  "incident_timeline",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    incidentId: integer("incident_id").notNull(),
    /** TIMELINE_EVENTS of the domain. */
    event: text("event").notNull(),
    userId: memberRef("user_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.incidentId], foreignColumns: [incidents.schoolId, incidents.id] }),
    byMember(t, t.userId),
    index("incident_timeline_incident_idx").on(t.schoolId, t.incidentId, t.at),
  ],
);

// ───────────────────────── follow-up ─────────────────────────

export const formativeActions = pgTable(
  "formative_actions",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    incidentId: integer("incident_id").notNull(),
    studentId: integer("student_id").notNull(),
    guideline: text("guideline").notNull(),
    responsibleId: memberRef("responsible_id").notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on"),
    /** none, daily, weekly */
    repeat: text("repeat").notNull().default("none"),
    notes: text("notes"),
    /** The day of the last occurrence still open, kept up to date for the overdue lists; null when done/waived. */
    nextDueOn: date("next_due_on"),
    waivedAt: timestamp("waived_at", { withTimezone: true }),
    waivedBy: memberRef("waived_by"),
    waiveReason: text("waive_reason"),
    createdBy: memberRef("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.incidentId, t.studentId],
      foreignColumns: [incidentStudents.schoolId, incidentStudents.incidentId, incidentStudents.studentId],
    }),
    byMember(t, t.responsibleId),
    byMember(t, t.waivedBy),
    byMember(t, t.createdBy),
    index("formative_actions_incident_idx").on(t.schoolId, t.incidentId),
    index("formative_actions_responsible_idx").on(t.schoolId, t.responsibleId, t.nextDueOn),
    index("formative_actions_due_idx").on(t.schoolId, t.nextDueOn),
  ],
);

/** One completed occurrence of a formative action. */
export const formativeActionCompletions = pgTable(
  "formative_action_completions",
  {
    schoolId: schoolIdColumn(),
    actionId: integer("action_id").notNull(),
    occurrenceOn: date("occurrence_on").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
    completedBy: memberRef("completed_by").notNull(),
    note: text("note"),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.actionId, t.occurrenceOn] }),
    foreignKey({
      columns: [t.schoolId, t.actionId],
      foreignColumns: [formativeActions.schoolId, formativeActions.id],
    }).onDelete("cascade"),
    byMember(t, t.completedBy),
  ],
);

export const parentMeetings = pgTable(
  "parent_meetings",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    incidentId: integer("incident_id").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    /** in-person, online */
    mode: text("mode").notNull().default("in-person"),
    place: text("place"),
    meetingUrl: text("meeting_url"),
    /** scheduled, held, cancelled, no-show */
    status: text("status").notNull().default("scheduled"),
    agreements: text("agreements"),
    minutes: text("minutes"),
    createdBy: memberRef("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.incidentId], foreignColumns: [incidents.schoolId, incidents.id] }),
    byMember(t, t.createdBy),
    index("parent_meetings_incident_idx").on(t.schoolId, t.incidentId),
    index("parent_meetings_scheduled_idx").on(t.schoolId, t.scheduledAt),
  ],
);

export const parentMeetingAttendees = pgTable(
  "parent_meeting_attendees",
  {
    schoolId: schoolIdColumn(),
    meetingId: integer("meeting_id").notNull(),
    userId: integer("user_id").notNull(),
    /** family, staff */
    kind: text("kind").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.meetingId, t.userId] }),
    foreignKey({
      columns: [t.schoolId, t.meetingId],
      foreignColumns: [parentMeetings.schoolId, parentMeetings.id],
    }).onDelete("cascade"),
    byMember(t, t.userId),
    index("parent_meeting_attendees_user_idx").on(t.schoolId, t.userId),
  ],
);

export const accompanimentObservations = pgTable(
  "accompaniment_observations",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    observationTypeId: integer("observation_type_id").notNull(),
    text: text("text").notNull(),
    observedOn: date("observed_on").notNull(),
    points: integer("points").notNull().default(0),
    visibleToFamily: boolean("visible_to_family").notNull().default(true),
    recordedBy: memberRef("recorded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    foreignKey({
      columns: [t.schoolId, t.observationTypeId],
      foreignColumns: [observationTypes.schoolId, observationTypes.id],
    }),
    byMember(t, t.recordedBy),
    index("accompaniment_observations_student_idx").on(t.schoolId, t.studentId, t.observedOn.desc()),
    // The dashboard's counts of a range (migration 0023 adds the columns they read as INCLUDE).
    index("accompaniment_observations_day_idx").on(t.schoolId, t.observedOn),
  ],
);
