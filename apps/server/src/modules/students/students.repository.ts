import { isCleanLine } from "@convive/domain";
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import { grades, groups, sections, studentGroups, students } from "../../db/schema/index.ts";
import { alphabetical, likeTerm, searchableName } from "../../lib/names.ts";
import { forSchool, inSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

export type StudentRow = typeof students.$inferSelect;
export type NewStudent = typeof students.$inferInsert;

/**
 * Joins a student query to the student's group in `yearId` (none when null), its grade and section. Shared with the
 * student's file and any module that lists students with their group (through index.ts).
 */
export function joinGroup<T extends PgSelect>(query: T, yearId: number | null) {
  return query
    .leftJoin(
      studentGroups,
      sameSchool(
        studentGroups,
        students,
        eq(studentGroups.studentId, students.id),
        eq(studentGroups.schoolYearId, yearId ?? -1),
      ),
    )
    .leftJoin(groups, sameSchool(groups, studentGroups, eq(groups.id, studentGroups.groupId)))
    .leftJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .leftJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)));
}

/** Students with their group in `yearId` and how many family members they have. */
const withGroup = (tx: Tx, yearId: number | null) =>
  joinGroup(
    tx
      .select({
        student: students,
        group_id: groups.id,
        group_name: groups.name,
        grade_id: grades.id,
        grade_name: grades.name,
        section_name: sections.name,
        // Qualified by hand: the subquery must read the outer row.
        family_count: sql<number>`(select count(*)::int from family_links fl
                                    where fl.school_id = "students"."school_id" and fl.student_id = "students"."id")`,
      })
      .from(students)
      .$dynamic(),
    yearId,
  );

export interface StudentFilter {
  search?: string;
  status?: string;
  groupId?: number;
  gradeId?: number;
  yearId: number | null;
  limit: number;
  offset: number;
}

export async function listStudents(tx: Tx, schoolId: string, filter: StudentFilter) {
  const term = filter.search ? likeTerm(filter.search) : null;
  const conditions: (SQL | undefined)[] = [
    ofSchool(students, schoolId),
    term
      ? or(ilike(students.enrollment, term), ilike(students.curp, term), ilike(searchableName(students), term))
      : undefined,
    filter.status ? eq(students.status, filter.status) : undefined,
    filter.groupId ? eq(groups.id, filter.groupId) : undefined,
    filter.gradeId ? eq(grades.id, filter.gradeId) : undefined,
  ];
  const where = and(...conditions);
  // The student list is the roster any staff member opens: PostgreSQL holds it to the school as well (see inSchool).
  const [rows, [total]] = await inSchool(tx, schoolId, (scoped) =>
    Promise.all([
      withGroup(scoped, filter.yearId)
        .where(where)
        .orderBy(
          asc(alphabetical(students.paternalSurname)),
          asc(alphabetical(students.maternalSurname)),
          asc(alphabetical(students.firstName)),
          asc(students.id),
        )
        .limit(filter.limit)
        .offset(filter.offset),
      joinGroup(scoped.select({ n: count() }).from(students).$dynamic(), filter.yearId).where(where),
    ]),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function findStudentWithGroup(tx: Tx, schoolId: string, id: number, yearId: number | null) {
  const [row] = await withGroup(tx, yearId).where(ofSchool(students, schoolId, eq(students.id, id)));
  return row;
}

export type StudentListRow = NonNullable<Awaited<ReturnType<typeof findStudentWithGroup>>>;

export async function findStudent(tx: Tx, schoolId: string, id: number): Promise<StudentRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(students).where(eq(students.id, id));
  return row;
}

/** A student of the school with that enrollment, ignoring case, other than `exceptId`. */
export async function studentByEnrollment(tx: Tx, schoolId: string, enrollment: string, exceptId?: number) {
  // A file name in a ZIP of photos is not checked by a schema: no enrollment holds a control character (the forms
  // and imports refuse them) and PostgreSQL refuses a NUL outright.
  if (!isCleanLine(enrollment)) return undefined;
  const [row] = await forSchool(tx, schoolId)
    .pick(students, { id: students.id, photo: students.photo, enrollment: students.enrollment })
    .where(sql`lower(${students.enrollment}) = lower(${enrollment})`, exceptId ? ne(students.id, exceptId) : undefined);
  return row;
}

export async function insertStudent(tx: Tx, values: NewStudent) {
  const [row] = await tx.insert(students).values(values).returning({ id: students.id });
  return row!.id;
}

export async function updateStudent(tx: Tx, schoolId: string, id: number, patch: Partial<NewStudent>) {
  const [row] = await forSchool(tx, schoolId)
    .update(students, { ...patch, updatedAt: new Date() })
    .where(eq(students.id, id))
    .returning();
  return row;
}

export async function deleteStudent(tx: Tx, schoolId: string, id: number) {
  await forSchool(tx, schoolId).delete(students).where(eq(students.id, id));
}

/** A group of the school in the given year. */
export async function groupInYear(tx: Tx, schoolId: string, groupId: number, yearId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(groups, { id: groups.id })
    .where(eq(groups.id, groupId), eq(groups.schoolYearId, yearId));
  return row;
}

/** Puts the student in a group for the year, or out of every group of it (null). */
export async function setStudentGroup(
  tx: Tx,
  schoolId: string,
  studentId: number,
  yearId: number,
  groupId: number | null,
) {
  if (groupId === null) {
    await forSchool(tx, schoolId)
      .delete(studentGroups)
      .where(eq(studentGroups.studentId, studentId), eq(studentGroups.schoolYearId, yearId));
    return;
  }
  await tx
    .insert(studentGroups)
    .values({ schoolId, studentId, schoolYearId: yearId, groupId })
    .onConflictDoUpdate({
      target: [studentGroups.schoolId, studentGroups.studentId, studentGroups.schoolYearId],
      set: { groupId },
    });
}
