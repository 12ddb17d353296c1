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
  unique,
} from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { createdAt, rowId, schoolIdColumn, updatedAt } from "./schools.ts";
import { groups, schoolYears } from "./structure.ts";

/** Postal address of spec §3 "Parent and student records". */
export interface Address {
  street?: string;
  outside_number?: string;
  inside_number?: string;
  neighbourhood?: string;
  postal_code?: string;
  municipality?: string;
  delegation?: string;
  city?: string;
  state?: string;
  country?: string;
}

export const students = pgTable(
  "students",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    enrollment: text("enrollment").notNull(),
    firstName: text("first_name").notNull(),
    paternalSurname: text("paternal_surname").notNull().default(""),
    maternalSurname: text("maternal_surname").notNull().default(""),
    birthday: date("birthday"),
    gender: text("gender"),
    curp: text("curp"),
    photo: text("photo"),
    address: jsonb("address").$type<Address>(),
    observations: text("observations"),
    /** active, withdrawn, graduated */
    status: text("status").notNull().default("active"),
    /** The day the student left (withdrawn or graduated), kept by the trigger of migration 0041; null while active. */
    leftOn: date("left_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] }), unique("students_enrollment_key").on(t.schoolId, t.enrollment)],
);

/** A student's group in each school year (enrollment history). */
export const studentGroups = pgTable(
  "student_groups",
  {
    schoolId: schoolIdColumn(),
    studentId: integer("student_id").notNull(),
    schoolYearId: integer("school_year_id").notNull(),
    groupId: integer("group_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId, t.schoolYearId] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.schoolId, t.schoolYearId], foreignColumns: [schoolYears.schoolId, schoolYears.id] }),
    foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [groups.schoolId, groups.id] }),
    index("student_groups_group_idx").on(t.schoolId, t.groupId),
  ],
);

/** What the school keeps about a family member (a user with the Familiar profile). */
export const familyMembers = pgTable(
  "family_members",
  {
    schoolId: schoolIdColumn(),
    userId: integer("user_id").notNull(),
    rfc: text("rfc"),
    phone: text("phone"),
    /** A second number (work, home) besides `phone`. */
    alternatePhone: text("alternate_phone"),
    address: jsonb("address").$type<Address>(),
    observations: text("observations"),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId] }),
    foreignKey({
      columns: [t.schoolId, t.userId],
      foreignColumns: [memberships.schoolId, memberships.userId],
    }).onDelete("cascade"),
  ],
);

/** RELATIONSHIPS of spec §3: father, mother, grandparents, tutor, aunt, uncle, siblings, cousin. */
export const familyLinks = pgTable(
  "family_links",
  {
    schoolId: schoolIdColumn(),
    studentId: integer("student_id").notNull(),
    userId: integer("user_id").notNull(),
    relationship: text("relationship").notNull(),
    canPickUp: boolean("can_pick_up").notNull().default(false),
    isEmergencyContact: boolean("is_emergency_contact").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId, t.userId] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.schoolId, t.userId],
      foreignColumns: [familyMembers.schoolId, familyMembers.userId],
    }).onDelete("cascade"),
    index("family_links_user_idx").on(t.schoolId, t.userId),
  ],
);
