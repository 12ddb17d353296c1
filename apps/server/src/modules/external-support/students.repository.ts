import type { Language, SupportStudent } from "@convive/domain";
import { and, eq, ilike, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { grades, groups, sections, studentGroups, students } from "../../db/schema/index.ts";
import { likeTerm, personName, searchableName } from "../../lib/names.ts";
import { ofSchool } from "../../lib/tenant-db.ts";
import { currentYear } from "../school-years/index.ts";
import { groupLabel } from "./access.ts";

/** The students named in a support list, with this year's group, labelled in the reader's language. */
export async function labelledStudents(
  tx: Tx,
  schoolId: string,
  ids: readonly number[],
  language: Language | undefined,
): Promise<Map<number, SupportStudent>> {
  if (ids.length === 0) return new Map();
  const yearId = (await currentYear(tx, schoolId))?.id ?? -1;
  const rows = await tx
    .select({
      id: students.id,
      name: personName(students),
      group_name: groups.name,
      grade_name: grades.name,
      section_name: sections.name,
      section_name_en: sections.nameEn,
    })
    .from(students)
    .leftJoin(
      studentGroups,
      and(
        eq(studentGroups.schoolId, students.schoolId),
        eq(studentGroups.studentId, students.id),
        eq(studentGroups.schoolYearId, yearId),
      ),
    )
    .leftJoin(groups, and(eq(groups.schoolId, studentGroups.schoolId), eq(groups.id, studentGroups.groupId)))
    .leftJoin(grades, and(eq(grades.schoolId, groups.schoolId), eq(grades.id, groups.gradeId)))
    .leftJoin(sections, and(eq(sections.schoolId, grades.schoolId), eq(sections.id, grades.sectionId)))
    .where(ofSchool(students, schoolId, inArray(students.id, [...ids])));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, group: groupLabel(r, language) }]));
}

/** The ids of the school's students matching a name search and/or in a group this year (null: no such filter). */
export async function studentFilter(
  tx: Tx,
  schoolId: string,
  filter: { q?: string | undefined; group_id?: number | undefined },
): Promise<number[] | null> {
  if (!filter.q && filter.group_id === undefined) return null;
  const yearId = (await currentYear(tx, schoolId))?.id ?? -1;
  const rows = await tx
    .select({ id: students.id })
    .from(students)
    .leftJoin(
      studentGroups,
      and(
        eq(studentGroups.schoolId, students.schoolId),
        eq(studentGroups.studentId, students.id),
        eq(studentGroups.schoolYearId, yearId),
      ),
    )
    .where(
      ofSchool(
        students,
        schoolId,
        filter.q ? ilike(searchableName(students), likeTerm(filter.q)) : undefined,
        filter.group_id !== undefined ? eq(studentGroups.groupId, filter.group_id) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
