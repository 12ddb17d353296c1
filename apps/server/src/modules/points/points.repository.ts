import type { Language } from "@convive/domain";
import { asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { grades, groups, periods, pointAwards, sections, studentGroups, students } from "../../db/schema/index.ts";
import { alphabetical, personName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/** The students of any of the groups (any school year): a teacher's reach. */
export async function studentsOfGroups(tx: Tx, schoolId: string, groupIds: readonly number[], among?: number[]) {
  if (groupIds.length === 0) return [];
  const rows = await forSchool(tx, schoolId)
    .pick(studentGroups, { id: studentGroups.studentId })
    .where(inArray(studentGroups.groupId, [...groupIds]), among ? inArray(studentGroups.studentId, among) : undefined);
  return [...new Set(rows.map((r) => r.id))];
}

export async function findStudents(tx: Tx, schoolId: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return forSchool(tx, schoolId)
    .pick(students, { id: students.id, name: personName(students), status: students.status })
    .where(inArray(students.id, [...ids]));
}

/** A group of the school with its readable name ("3° A Primaria", "3° A Primary" in English) and school year. */
export async function findGroup(tx: Tx, schoolId: string, id: number, language: Language = "es") {
  const [row] = await tx
    .select({
      id: groups.id,
      name: groups.name,
      grade: grades.name,
      section: language === "en" ? sql<string>`coalesce(${sections.nameEn}, ${sections.name})` : sections.name,
      yearId: groups.schoolYearId,
    })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(groups, schoolId, eq(groups.id, id)));
  return row ? { id: row.id, name: `${row.grade} ${row.name} ${row.section}`, yearId: row.yearId } : undefined;
}

/** The active students of a group, by surname then first name (a class list; never by points). */
export async function groupStudents(tx: Tx, schoolId: string, groupId: number) {
  return tx
    .select({ id: students.id, name: personName(students), enrollment: students.enrollment })
    .from(studentGroups)
    .innerJoin(students, sameSchool(students, studentGroups, eq(students.id, studentGroups.studentId)))
    .where(ofSchool(studentGroups, schoolId, eq(studentGroups.groupId, groupId), eq(students.status, "active")))
    .orderBy(
      asc(alphabetical(students.paternalSurname)),
      asc(alphabetical(students.maternalSurname)),
      asc(alphabetical(students.firstName)),
      asc(students.id),
    );
}

export async function findPeriod(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId).select(periods).where(eq(periods.id, id));
  return row;
}

/** The period of the year that contains the day, if any. */
export async function periodOn(tx: Tx, schoolId: string, yearId: number, day: string) {
  const [row] = await forSchool(tx, schoolId)
    .select(periods)
    .where(eq(periods.schoolYearId, yearId), lte(periods.startsOn, day), gte(periods.endsOn, day))
    .limit(1);
  return row;
}

/**
 * Locks the students' rows until the transaction ends, in id order (two batches over the same students cannot
 * deadlock): whatever takes points from a student waits here for the one before it, then reads its balance.
 * NO KEY UPDATE, not UPDATE: rows that merely reference the student (an incident, an observation) still insert.
 */
export async function lockStudents(tx: Tx, schoolId: string, ids: readonly number[]) {
  if (ids.length === 0) return;
  await forSchool(tx, schoolId)
    .pick(students, { id: students.id })
    .where(inArray(students.id, [...ids]))
    .orderBy(asc(students.id))
    .for("no key update");
}

export async function insertAwards(
  tx: Tx,
  schoolId: string,
  rows: Omit<typeof pointAwards.$inferInsert, "schoolId">[],
) {
  const saved = await forSchool(tx, schoolId).insert(pointAwards, rows).returning({ id: pointAwards.id });
  return saved.map((r) => r.id);
}

export async function findAward(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId).select(pointAwards).where(eq(pointAwards.id, id)).for("update");
  return row;
}

export async function deleteAward(tx: Tx, schoolId: string, id: number) {
  await forSchool(tx, schoolId).delete(pointAwards).where(eq(pointAwards.id, id));
}
