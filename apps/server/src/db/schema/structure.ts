import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { createdAt, rowId, schoolIdColumn } from "./schools.ts";

/** A school year (ciclo escolar). Closing it makes it read-only. */
export const schoolYears = pgTable(
  "school_years",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    name: text("name").notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    isCurrent: boolean("is_current").notNull().default(false),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    // At most one current year per school.
    uniqueIndex("school_years_one_current").on(t.schoolId).where(sql`${t.isCurrent}`),
  ],
);

export const periods = pgTable(
  "periods",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    schoolYearId: integer("school_year_id").notNull(),
    name: text("name").notNull(),
    /** What readers of English see; null: the Spanish name (migration 0009). */
    nameEn: text("name_en"),
    order: integer("order").notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.schoolYearId],
      foreignColumns: [schoolYears.schoolId, schoolYears.id],
    }).onDelete("cascade"),
  ],
);

/** A level (nivel): Preescolar, Primaria, Secundaria, Preparatoria. */
export const sections = pgTable(
  "sections",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    name: text("name").notNull(),
    /** What readers of English see; null: the Spanish name (migration 0009). */
    nameEn: text("name_en"),
    order: integer("order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

export const grades = pgTable(
  "grades",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    sectionId: integer("section_id").notNull(),
    name: text("name").notNull(),
    order: integer("order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.sectionId], foreignColumns: [sections.schoolId, sections.id] }),
  ],
);

/** A group of a grade in one school year, owned by its head teacher. */
export const groups = pgTable(
  "groups",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    gradeId: integer("grade_id").notNull(),
    schoolYearId: integer("school_year_id").notNull(),
    name: text("name").notNull(),
    headTeacherId: integer("head_teacher_id"),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.gradeId], foreignColumns: [grades.schoolId, grades.id] }),
    foreignKey({ columns: [t.schoolId, t.schoolYearId], foreignColumns: [schoolYears.schoolId, schoolYears.id] }),
    foreignKey({ columns: [t.schoolId, t.headTeacherId], foreignColumns: [memberships.schoolId, memberships.userId] }),
    index("groups_head_teacher_idx").on(t.schoolId, t.headTeacherId),
  ],
);

export const subjects = pgTable(
  "subjects",
  { schoolId: schoolIdColumn(), id: rowId(), name: text("name").notNull(), code: text("code") },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

/** The grades a subject is taught in. */
export const subjectGrades = pgTable(
  "subject_grades",
  { schoolId: schoolIdColumn(), subjectId: integer("subject_id").notNull(), gradeId: integer("grade_id").notNull() },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.subjectId, t.gradeId] }),
    foreignKey({ columns: [t.schoolId, t.subjectId], foreignColumns: [subjects.schoolId, subjects.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.schoolId, t.gradeId], foreignColumns: [grades.schoolId, grades.id] }).onDelete("cascade"),
  ],
);

/** Who teaches which subject to which group. */
export const teachingAssignments = pgTable(
  "teaching_assignments",
  {
    schoolId: schoolIdColumn(),
    userId: integer("user_id").notNull(),
    groupId: integer("group_id").notNull(),
    subjectId: integer("subject_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.groupId, t.subjectId] }),
    foreignKey({
      columns: [t.schoolId, t.userId],
      foreignColumns: [memberships.schoolId, memberships.userId],
    }).onDelete("cascade"),
    foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [groups.schoolId, groups.id] }).onDelete("cascade"),
    foreignKey({ columns: [t.schoolId, t.subjectId], foreignColumns: [subjects.schoolId, subjects.id] }).onDelete(
      "cascade",
    ),
  ],
);
