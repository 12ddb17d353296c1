import { asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  grades,
  groups,
  memberships,
  profiles,
  schoolYears,
  sections,
  subjectGrades,
  teachingAssignments,
  users,
} from "../../db/schema/index.ts";
import { forSchool, ofSchool, sameSchool, schoolRows } from "../../lib/tenant-db.ts";

export type SectionRow = typeof sections.$inferSelect;
export type GradeRow = typeof grades.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;

/** Case-insensitive name equality, so "1° a" and "1° A" count as one name. */
const sameName = (column: AnyPgColumn, name: string) => sql`lower(${column}) = lower(${name})`;

// ── Sections ──────────────────────────────────────────────────────────────────────────────────────────────

export const listSections = (tx: Tx, schoolId: string) =>
  tx
    .select({
      id: sections.id,
      name: sections.name,
      name_en: sections.nameEn,
      order: sections.order,
      // Qualified by hand: drizzle leaves a single table's columns unqualified, which the subquery would misread.
      grades_count: sql<number>`(select count(*)::int from grades g
                                  where g.school_id = "sections"."school_id" and g.section_id = "sections"."id")`,
    })
    .from(sections)
    .where(ofSchool(sections, schoolId))
    .orderBy(asc(sections.order), asc(sections.name));

export async function findSection(tx: Tx, schoolId: string, id: number): Promise<SectionRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(sections).where(eq(sections.id, id));
  return row;
}

export async function sectionNamed(tx: Tx, schoolId: string, name: string, exceptId?: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(sections, { id: sections.id })
    .where(sameName(sections.name, name), exceptId ? ne(sections.id, exceptId) : undefined);
  return row;
}

const sectionRows = schoolRows(sections);
export const insertSection = sectionRows.insert;
export const updateSection = sectionRows.update;
export const deleteSection = sectionRows.delete;

/** The next `order` of a section (or of a grade in a section), so a new row goes to the end of its list. */
export async function nextOrder(tx: Tx, schoolId: string, sectionId?: number) {
  const table = sectionId === undefined ? sections : grades;
  const [row] = await forSchool(tx, schoolId)
    .pick(table, { max: sql<number | null>`max(${table.order})` })
    .where(sectionId === undefined ? undefined : eq(grades.sectionId, sectionId));
  return (row?.max ?? 0) + 1;
}

// ── Grades ────────────────────────────────────────────────────────────────────────────────────────────────

/** Grades in section order, with the number of groups each has in `yearId` (0 when no year). */
export const listGrades = (tx: Tx, schoolId: string, filter: { sectionId?: number; yearId: number | null }) =>
  tx
    .select({
      id: grades.id,
      section_id: grades.sectionId,
      section_name: sections.name,
      section_name_en: sections.nameEn,
      name: grades.name,
      order: grades.order,
      groups_count: sql<number>`(select count(*)::int from groups gr
                                  where gr.school_id = "grades"."school_id" and gr.grade_id = "grades"."id"
                                    and gr.school_year_id = ${filter.yearId ?? -1})`,
    })
    .from(grades)
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(grades, schoolId, filter.sectionId ? eq(grades.sectionId, filter.sectionId) : undefined))
    .orderBy(asc(sections.order), asc(sections.name), asc(grades.order), asc(grades.name));

export async function findGrade(tx: Tx, schoolId: string, id: number): Promise<GradeRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(grades).where(eq(grades.id, id));
  return row;
}

export async function gradeNamed(tx: Tx, schoolId: string, sectionId: number, name: string, exceptId?: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(grades, { id: grades.id })
    .where(
      eq(grades.sectionId, sectionId),
      sameName(grades.name, name),
      exceptId ? ne(grades.id, exceptId) : undefined,
    );
  return row;
}

const gradeRows = schoolRows(grades);
export const insertGrade = gradeRows.insert;
export const updateGrade = gradeRows.update;
export const deleteGrade = gradeRows.delete;

export async function countGrades(tx: Tx, schoolId: string, sectionId: number) {
  const [row] = await forSchool(tx, schoolId).pick(grades, { n: count() }).where(eq(grades.sectionId, sectionId));
  return row?.n ?? 0;
}

/** What keeps a grade from being deleted: its groups (any year) and the subjects taught in it. */
export async function gradeUsage(tx: Tx, schoolId: string, gradeId: number) {
  const [g] = await forSchool(tx, schoolId).pick(groups, { n: count() }).where(eq(groups.gradeId, gradeId));
  const [s] = await forSchool(tx, schoolId)
    .pick(subjectGrades, { n: count() })
    .where(eq(subjectGrades.gradeId, gradeId));
  return { groups: g?.n ?? 0, subjects: s?.n ?? 0 };
}

// ── Head teachers ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * The groups a user owns as head teacher in the school's open (not closed) years. Spec §5: such a user cannot be
 * unassigned — the users module refuses to make them Familiar or deactivate them while this is not empty, and
 * teaching assignments refuse to drop their last subject in a group they own. Closed years are history and do
 * not hold anyone back.
 */
export async function ownedGroups(tx: Tx, schoolId: string, userId: number) {
  return tx
    .select({ id: groups.id, name: groups.name, school_year_id: groups.schoolYearId })
    .from(groups)
    .innerJoin(schoolYears, sameSchool(schoolYears, groups, eq(schoolYears.id, groups.schoolYearId)))
    .where(ofSchool(groups, schoolId, eq(groups.headTeacherId, userId), isNull(schoolYears.closedAt)))
    .orderBy(asc(groups.name));
}

/** True for an active member of the school with a profile other than Familiar, whose account is active. */
export async function isActiveStaff(tx: Tx, schoolId: string, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
    .where(
      ofSchool(
        memberships,
        schoolId,
        eq(memberships.userId, userId),
        eq(memberships.isActive, true),
        eq(users.isActive, true),
        sql`coalesce(${profiles.templateKey}, '') <> 'familiar'`,
      ),
    );
  return Boolean(row);
}

/** How many assignments the user has in the group (any subject). */
export async function assignmentsInGroup(tx: Tx, schoolId: string, userId: number, groupId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(teachingAssignments, { n: count() })
    .where(eq(teachingAssignments.userId, userId), eq(teachingAssignments.groupId, groupId));
  return row?.n ?? 0;
}
