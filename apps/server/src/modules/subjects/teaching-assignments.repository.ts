import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { grades, groups, sections, subjects, teachingAssignments, users } from "../../db/schema/index.ts";
import { alphabetical, nameColumns } from "../../lib/names.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";

export interface Triple {
  userId: number;
  groupId: number;
  subjectId: number;
}

const isTriple = (schoolId: string, t: Triple) =>
  ofSchool(
    teachingAssignments,
    schoolId,
    eq(teachingAssignments.userId, t.userId),
    eq(teachingAssignments.groupId, t.groupId),
    eq(teachingAssignments.subjectId, t.subjectId),
  );

/** Assignments with names, by section, grade, group, subject and teacher. */
export async function listAssignments(
  tx: Tx,
  schoolId: string,
  filter: { groupId?: number; userId?: number; yearId?: number },
) {
  const rows = await tx
    .select({
      user_id: teachingAssignments.userId,
      group_id: teachingAssignments.groupId,
      subject_id: teachingAssignments.subjectId,
      school_year_id: groups.schoolYearId,
      head_teacher_id: groups.headTeacherId,
      ...nameColumns(users),
      group_name: groups.name,
      grade_name: grades.name,
      subject_name: subjects.name,
    })
    .from(teachingAssignments)
    .innerJoin(users, eq(users.id, teachingAssignments.userId))
    .innerJoin(groups, sameSchool(groups, teachingAssignments, eq(groups.id, teachingAssignments.groupId)))
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .innerJoin(subjects, sameSchool(subjects, teachingAssignments, eq(subjects.id, teachingAssignments.subjectId)))
    .where(
      ofSchool(
        teachingAssignments,
        schoolId,
        filter.groupId ? eq(teachingAssignments.groupId, filter.groupId) : undefined,
        filter.userId ? eq(teachingAssignments.userId, filter.userId) : undefined,
        filter.yearId ? eq(groups.schoolYearId, filter.yearId) : undefined,
      ),
    )
    .orderBy(
      asc(sections.order),
      asc(grades.order),
      asc(groups.name),
      asc(alphabetical(subjects.name)),
      asc(alphabetical(users.paternalSurname)),
      asc(alphabetical(users.firstName)),
    );
  return rows.map(({ first_name, paternal_surname, maternal_surname, head_teacher_id, ...row }) => ({
    ...row,
    user: { id: row.user_id, first_name, paternal_surname, maternal_surname },
    is_head_teacher: head_teacher_id === row.user_id,
  }));
}

export async function findAssignment(tx: Tx, schoolId: string, t: Triple) {
  const [row] = await tx.select().from(teachingAssignments).where(isTriple(schoolId, t));
  return row;
}

export async function insertAssignment(tx: Tx, schoolId: string, t: Triple) {
  await tx.insert(teachingAssignments).values({ schoolId, ...t });
}

export async function deleteAssignment(tx: Tx, schoolId: string, t: Triple) {
  await tx.delete(teachingAssignments).where(isTriple(schoolId, t));
}
