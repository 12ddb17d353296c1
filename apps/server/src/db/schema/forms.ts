import type { FormAudience, FormDefinition, FormField } from "@convive/domain";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { createdAt, rowId, schoolIdColumn, updatedAt } from "./schools.ts";
import { students } from "./students.ts";

// Forms to parents (issue 29 §1, §2; module forms; migration 0036). Behind row-level security; the app role deletes
// nothing: a template is switched off, a sent form is closed.

type Column = Parameters<typeof foreignKey>[0]["columns"][number];
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });

/** The configurator's templates; `version` rises with every change of the questions. */
export const formTemplates = pgTable(
  "form_templates",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    description: text("description").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    fields: jsonb("fields").$type<FormField[]>().notNull().default([]),
    version: integer("version").notNull().default(1),
    active: boolean("active").notNull().default(true),
    createdBy: integer("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] }), byMember(t, t.createdBy)],
);

/** A version as sent, written by its first send and never changed. */
export const formVersions = pgTable(
  "form_versions",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    templateId: integer("template_id").notNull(),
    version: integer("version").notNull(),
    definition: jsonb("definition").$type<FormDefinition>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.templateId], foreignColumns: [formTemplates.schoolId, formTemplates.id] }),
    uniqueIndex("form_versions_template_version_key").on(t.schoolId, t.templateId, t.version),
  ],
);

/** A sent form: one version, its audience and due date; reminded_stage marks the reminders sent (0, 1, 2). */
export const forms = pgTable(
  "forms",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    templateId: integer("template_id").notNull(),
    versionId: integer("version_id").notNull(),
    audience: jsonb("audience").$type<FormAudience>().notNull(),
    dueDate: date("due_date").notNull(),
    sentBy: integer("sent_by").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: integer("closed_by"),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    remindedStage: smallint("reminded_stage").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.templateId], foreignColumns: [formTemplates.schoolId, formTemplates.id] }),
    foreignKey({ columns: [t.schoolId, t.versionId], foreignColumns: [formVersions.schoolId, formVersions.id] }),
    byMember(t, t.sentBy),
  ],
);

/** One row per student a form went to: pending, a draft or the submitted answer (one per student). */
export const formResponses = pgTable(
  "form_responses",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    formId: integer("form_id").notNull(),
    studentId: integer("student_id").notNull(),
    /** The student's group when the form was sent: completion is counted per group. */
    groupId: integer("group_id"),
    status: text("status", { enum: ["pending", "draft", "submitted"] })
      .notNull()
      .default("pending"),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
    answeredBy: integer("answered_by"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.formId], foreignColumns: [forms.schoolId, forms.id] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    byMember(t, t.answeredBy),
    uniqueIndex("form_responses_student_key").on(t.schoolId, t.formId, t.studentId),
    index("form_responses_student_idx").on(t.schoolId, t.studentId),
  ],
);

/** A file question's upload: its uploader's until an answer claims it. */
export const formFiles = pgTable(
  "form_files",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    uploadedBy: integer("uploaded_by").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    storedName: text("stored_name").notNull(),
    responseId: integer("response_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    byMember(t, t.uploadedBy),
    foreignKey({ columns: [t.schoolId, t.responseId], foreignColumns: [formResponses.schoolId, formResponses.id] }),
    index("form_files_response_idx").on(t.schoolId, t.responseId),
  ],
);
