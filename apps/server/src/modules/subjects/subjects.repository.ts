import { asc, count, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { grades, groups, sections, subjectGrades, subjects, teachingAssignments } from "../../db/schema/index.ts";
import { alphabetical } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool, schoolRows } from "../../lib/tenant-db.ts";

export type SubjectRow = typeof subjects.$inferSelect;

/** Subjects by name with their grades and how many teaching assignments use them. */
export async function listSubjects(tx: Tx, schoolId: string, filter: { gradeId?: number; id?: number } = {}) {
  const taughtIn = filter.gradeId
    ? inArray(
        subjects.id,
        forSchool(tx, schoolId)
          .pick(subjectGrades, { id: subjectGrades.subjectId })
          .where(eq(subjectGrades.gradeId, filter.gradeId)),
      )
    : undefined;
  const rows = await forSchool(tx, schoolId)
    .select(subjects)
    .where(taughtIn, filter.id ? eq(subjects.id, filter.id) : undefined)
    .orderBy(asc(alphabetical(subjects.name)), asc(subjects.id));
  const links = await tx
    .select({ subjectId: subjectGrades.subjectId, id: grades.id, name: grades.name, section_name: sections.name })
    .from(subjectGrades)
    .innerJoin(grades, sameSchool(grades, subjectGrades, eq(grades.id, subjectGrades.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(subjectGrades, schoolId))
    .orderBy(asc(sections.order), asc(sections.name), asc(grades.order), asc(grades.name));
  const counts = await forSchool(tx, schoolId)
    .pick(teachingAssignments, { subjectId: teachingAssignments.subjectId, n: count() })
    .where()
    .groupBy(teachingAssignments.subjectId);
  const countOf = new Map(counts.map((c) => [c.subjectId, c.n]));
  return rows.map((s) => {
    const own = links.filter((l) => l.subjectId === s.id).map(({ subjectId: _, ...g }) => g);
    return {
      id: s.id,
      name: s.name,
      code: s.code,
      grade_ids: own.map((g) => g.id),
      grades: own,
      assignments_count: countOf.get(s.id) ?? 0,
    };
  });
}

export async function findSubject(tx: Tx, schoolId: string, id: number): Promise<SubjectRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(subjects).where(eq(subjects.id, id));
  return row;
}

/** Another subject of the school with this code (case-insensitive). */
export async function subjectWithCode(tx: Tx, schoolId: string, code: string, exceptId?: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(subjects, { id: subjects.id })
    .where(sql`lower(${subjects.code}) = lower(${code})`, exceptId ? ne(subjects.id, exceptId) : undefined);
  return row;
}

const subjectRows = schoolRows(subjects);
export const insertSubject = subjectRows.insert;
export const updateSubject = subjectRows.update;
export const deleteSubject = subjectRows.delete;

/** The ids among `ids` that are not grades of the school. */
export async function missingGrades(tx: Tx, schoolId: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const found = await forSchool(tx, schoolId)
    .pick(grades, { id: grades.id })
    .where(inArray(grades.id, [...ids]));
  const have = new Set(found.map((g) => g.id));
  return ids.filter((id) => !have.has(id));
}

export async function setSubjectGrades(tx: Tx, schoolId: string, subjectId: number, gradeIds: readonly number[]) {
  await forSchool(tx, schoolId).delete(subjectGrades).where(eq(subjectGrades.subjectId, subjectId));
  if (gradeIds.length === 0) return;
  await tx.insert(subjectGrades).values([...new Set(gradeIds)].map((gradeId) => ({ schoolId, subjectId, gradeId })));
}

/** Teaching assignments of the subject in groups whose grade is not among `gradeIds`. */
export async function assignmentsOutside(tx: Tx, schoolId: string, subjectId: number, gradeIds: readonly number[]) {
  const [row] = await tx
    .select({ n: count() })
    .from(teachingAssignments)
    .innerJoin(groups, sameSchool(groups, teachingAssignments, eq(groups.id, teachingAssignments.groupId)))
    .where(
      ofSchool(
        teachingAssignments,
        schoolId,
        eq(teachingAssignments.subjectId, subjectId),
        gradeIds.length > 0 ? notInArray(groups.gradeId, [...gradeIds]) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function isTaughtIn(tx: Tx, schoolId: string, subjectId: number, gradeId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(subjectGrades, { gradeId: subjectGrades.gradeId })
    .where(eq(subjectGrades.subjectId, subjectId), eq(subjectGrades.gradeId, gradeId));
  return Boolean(row);
}
