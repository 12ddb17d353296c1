import { asc, count, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  grades,
  groups,
  schoolYears,
  sections,
  studentGroups,
  teachingAssignments,
  users,
} from "../../db/schema/index.ts";
import { forSchool, ofSchool, sameSchool, schoolRows } from "../../lib/tenant-db.ts";

export type GroupRow = typeof groups.$inferSelect;

/**
 * Groups with their grade, section, head teacher and number of students, in section, grade and name order.
 * Used by the level-grade-group screen and by cycle-details for closed years.
 */
export async function listGroups(tx: Tx, schoolId: string, filter: { yearId: number; gradeId?: number; id?: number }) {
  const rows = await tx
    .select({
      id: groups.id,
      name: groups.name,
      grade_id: groups.gradeId,
      grade_name: grades.name,
      section_id: grades.sectionId,
      section_name: sections.name,
      section_name_en: sections.nameEn,
      school_year_id: groups.schoolYearId,
      head_teacher_id: groups.headTeacherId,
      teacher_first_name: users.firstName,
      teacher_paternal_surname: users.paternalSurname,
      teacher_maternal_surname: users.maternalSurname,
      students_count: sql<number>`(select count(*)::int from student_groups sg
                                    where sg.school_id = "groups"."school_id" and sg.group_id = "groups"."id")`,
    })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .leftJoin(users, eq(users.id, groups.headTeacherId))
    .where(
      ofSchool(
        groups,
        schoolId,
        eq(groups.schoolYearId, filter.yearId),
        filter.gradeId ? eq(groups.gradeId, filter.gradeId) : undefined,
        filter.id ? eq(groups.id, filter.id) : undefined,
      ),
    )
    .orderBy(asc(sections.order), asc(sections.name), asc(grades.order), asc(grades.name), asc(groups.name));
  return rows.map(({ teacher_first_name, teacher_paternal_surname, teacher_maternal_surname, ...row }) => ({
    ...row,
    head_teacher:
      row.head_teacher_id === null
        ? null
        : {
            id: row.head_teacher_id,
            first_name: teacher_first_name ?? "",
            paternal_surname: teacher_paternal_surname ?? "",
            maternal_surname: teacher_maternal_surname ?? "",
          },
  }));
}

/** A group with whether its school year is closed (a closed year's groups are read-only). */
export async function findGroup(tx: Tx, schoolId: string, id: number) {
  const [row] = await tx
    .select({ group: groups, yearClosedAt: schoolYears.closedAt })
    .from(groups)
    .innerJoin(schoolYears, sameSchool(schoolYears, groups, eq(schoolYears.id, groups.schoolYearId)))
    .where(ofSchool(groups, schoolId, eq(groups.id, id)));
  return row ? { ...row.group, yearClosed: row.yearClosedAt !== null } : undefined;
}

export interface GroupKey {
  gradeId: number;
  yearId: number;
  name: string;
}

/** Another group of the same grade and year with this name (case-insensitive). */
export async function groupNamed(tx: Tx, schoolId: string, key: GroupKey, exceptId?: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(groups, { id: groups.id })
    .where(
      eq(groups.gradeId, key.gradeId),
      eq(groups.schoolYearId, key.yearId),
      sql`lower(${groups.name}) = lower(${key.name})`,
      exceptId ? ne(groups.id, exceptId) : undefined,
    );
  return row;
}

const groupRows = schoolRows(groups);
export const insertGroup = groupRows.insert;
export const updateGroup = groupRows.update;
export const deleteGroup = groupRows.delete;

/** What keeps a group from being deleted: its students and its teaching assignments. */
export async function groupUsage(tx: Tx, schoolId: string, groupId: number) {
  const [s] = await forSchool(tx, schoolId)
    .pick(studentGroups, { n: count() })
    .where(eq(studentGroups.groupId, groupId));
  const [t] = await forSchool(tx, schoolId)
    .pick(teachingAssignments, { n: count() })
    .where(eq(teachingAssignments.groupId, groupId));
  return { students: s?.n ?? 0, assignments: t?.n ?? 0 };
}
