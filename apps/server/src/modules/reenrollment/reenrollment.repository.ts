import { asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  grades,
  groups,
  type ReenrollmentEffects,
  reenrollmentMoves,
  reenrollments,
  schools,
  schoolYears,
  sections,
  studentGroups,
  students,
  teachingAssignments,
} from "../../db/schema/index.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

export type ReenrollmentRow = typeof reenrollments.$inferSelect;
export type YearRow = typeof schoolYears.$inferSelect;

/** The school's day on its own clock (`YYYY-MM-DD`). */
export async function schoolToday(tx: Tx, schoolId: string): Promise<string> {
  const [row] = await tx
    .select({ today: sql<string>`to_char((now() at time zone ${schools.timeZone})::date, 'YYYY-MM-DD')` })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row!.today;
}

export const listYears = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId).select(schoolYears).where().orderBy(asc(schoolYears.startsOn));

/** Every grade with its section, in section then grade order (the order the mapping follows). */
export const listGrades = (tx: Tx, schoolId: string) =>
  tx
    .select({
      id: grades.id,
      name: grades.name,
      order: grades.order,
      sectionId: grades.sectionId,
      sectionName: sections.name,
      sectionNameEn: sections.nameEn,
      sectionOrder: sections.order,
    })
    .from(grades)
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(grades, schoolId))
    .orderBy(asc(sections.order), asc(sections.id), asc(grades.order), asc(grades.id));

/** A year's groups with how many students each has that year. */
export const groupsOfYear = (tx: Tx, schoolId: string, yearId: number) =>
  tx
    .select({
      id: groups.id,
      name: groups.name,
      gradeId: groups.gradeId,
      headTeacherId: groups.headTeacherId,
      studentsCount: sql<number>`(select count(*)::int from student_groups sg
                                   where sg.school_id = "groups"."school_id" and sg.group_id = "groups"."id")`,
    })
    .from(groups)
    .where(ofSchool(groups, schoolId, eq(groups.schoolYearId, yearId)))
    .orderBy(asc(groups.gradeId), asc(groups.name));

/** The active students of a year's groups: who a re-enrollment moves. */
export const activeStudentsOfYear = (tx: Tx, schoolId: string, yearId: number) =>
  tx
    .select({
      id: students.id,
      enrollment: students.enrollment,
      firstName: students.firstName,
      paternalSurname: students.paternalSurname,
      maternalSurname: students.maternalSurname,
      groupId: studentGroups.groupId,
    })
    .from(studentGroups)
    .innerJoin(students, sameSchool(students, studentGroups, eq(students.id, studentGroups.studentId)))
    .where(ofSchool(studentGroups, schoolId, eq(studentGroups.schoolYearId, yearId), eq(students.status, "active")))
    .orderBy(asc(students.paternalSurname), asc(students.maternalSurname), asc(students.firstName), asc(students.id));

/** Students who already have a group in the year. */
export async function enrolledIn(tx: Tx, schoolId: string, yearId: number): Promise<Set<number>> {
  const rows = await forSchool(tx, schoolId)
    .pick(studentGroups, { id: studentGroups.studentId })
    .where(eq(studentGroups.schoolYearId, yearId));
  return new Set(rows.map((r) => r.id));
}

export async function findReenrollment(tx: Tx, schoolId: string, id: number): Promise<ReenrollmentRow | undefined> {
  const [row] = await forSchool(tx, schoolId).select(reenrollments).where(eq(reenrollments.id, id));
  return row;
}

export const listReenrollments = (tx: Tx, schoolId: string, limit: number) =>
  forSchool(tx, schoolId)
    .select(reenrollments)
    .where()
    .orderBy(desc(reenrollments.createdAt), desc(reenrollments.id))
    .limit(limit);

/** The live (queued, applying or applied) re-enrollment into a year, if any. */
export async function liveInto(tx: Tx, schoolId: string, toYearId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(reenrollments, { id: reenrollments.id })
    .where(eq(reenrollments.toYearId, toYearId), inArray(reenrollments.status, ["queued", "applying", "applied"]));
  return row;
}

export async function insertReenrollment(tx: Tx, values: typeof reenrollments.$inferInsert) {
  const [row] = await tx.insert(reenrollments).values(values).returning();
  return row!;
}

/** Changes a re-enrollment only while it is in `from` (a concurrent change wins): whether it did. */
export async function setState(
  tx: Tx,
  schoolId: string,
  id: number,
  from: string[],
  patch: Partial<typeof reenrollments.$inferInsert>,
): Promise<boolean> {
  const rows = await forSchool(tx, schoolId)
    .update(reenrollments, patch)
    .where(eq(reenrollments.id, id), inArray(reenrollments.status, from))
    .returning({ id: reenrollments.id });
  return rows.length > 0;
}

/** Progress of an apply, written beside its transaction (never waited for inside it). */
export const setProgress = (tx: Tx, schoolId: string, id: number, step: number) =>
  forSchool(tx, schoolId)
    .update(reenrollments, { step })
    .where(eq(reenrollments.id, id), eq(reenrollments.status, "applying"));

export async function insertGroups(
  tx: Tx,
  schoolId: string,
  yearId: number,
  list: readonly { gradeId: number; name: string }[],
): Promise<{ id: number; gradeId: number; name: string }[]> {
  if (list.length === 0) return [];
  return tx
    .insert(groups)
    .values(list.map((g) => ({ schoolId, schoolYearId: yearId, gradeId: g.gradeId, name: g.name })))
    .returning({ id: groups.id, gradeId: groups.gradeId, name: groups.name });
}

export const insertStudentGroups = (tx: Tx, rows: (typeof studentGroups.$inferInsert)[]) =>
  tx.insert(studentGroups).values(rows);

export const insertMoves = (tx: Tx, rows: (typeof reenrollmentMoves.$inferInsert)[]) =>
  tx.insert(reenrollmentMoves).values(rows);

export const movesOf = (tx: Tx, schoolId: string, id: number) =>
  forSchool(tx, schoolId).select(reenrollmentMoves).where(eq(reenrollmentMoves.reenrollmentId, id));

/**
 * Copies head teachers and teaching assignments from this year's groups into the next year's groups of the same
 * grade and name: a head teacher only where the group has none, only active staff, only subjects taught in the grade.
 * Two statements; answers what they wrote, for undo.
 */
export async function copyStaff(
  tx: Tx,
  schoolId: string,
  fromYearId: number,
  targetGroupIds: readonly number[],
): Promise<Omit<ReenrollmentEffects, "createdGroupIds">> {
  if (targetGroupIds.length === 0) return { headTeachers: [], assignments: [] };
  const ids = sql.raw(`'{${targetGroupIds.join(",")}}'`);
  // Raw SQL: an UPDATE … FROM and an INSERT … SELECT over self-joined groups have no builder form; every table is
  // filtered by the school.
  const staff = sql`select m.user_id from memberships m
      join users u on u.id = m.user_id and u.is_active
      left join profiles p on p.school_id = m.school_id and p.id = m.profile_id
     where m.school_id = ${schoolId} and m.is_active and coalesce(p.template_key, '') <> 'familiar'`;
  const heads = (await tx.execute(sql`
    update groups t set head_teacher_id = s.head_teacher_id
      from groups s
     where t.school_id = ${schoolId} and t.id = any(${ids}::int[]) and t.head_teacher_id is null
       and s.school_id = t.school_id and s.school_year_id = ${fromYearId} and s.grade_id = t.grade_id
       and lower(s.name) = lower(t.name) and s.head_teacher_id in (${staff})
    returning t.id as group_id, t.head_teacher_id as user_id`)) as unknown as {
    rows: { group_id: number; user_id: number }[];
  };
  const assignments = (await tx.execute(sql`
    insert into teaching_assignments (school_id, user_id, group_id, subject_id)
    select ${schoolId}, a.user_id, t.id, a.subject_id
      from groups t
      join groups s on s.school_id = t.school_id and s.school_year_id = ${fromYearId} and s.grade_id = t.grade_id
                   and lower(s.name) = lower(t.name)
      join teaching_assignments a on a.school_id = s.school_id and a.group_id = s.id
      join subject_grades sgr on sgr.school_id = t.school_id and sgr.subject_id = a.subject_id
                             and sgr.grade_id = t.grade_id
     where t.school_id = ${schoolId} and t.id = any(${ids}::int[]) and a.user_id in (${staff})
    on conflict do nothing
    returning user_id, group_id, subject_id`)) as unknown as {
    rows: { user_id: number; group_id: number; subject_id: number }[];
  };
  return {
    headTeachers: heads.rows.map((r) => ({ groupId: r.group_id, userId: r.user_id })),
    assignments: assignments.rows.map((r) => ({ userId: r.user_id, groupId: r.group_id, subjectId: r.subject_id })),
  };
}

/** Takes back an apply: its students' groups in the next year, what it copied, the groups it created if now empty. */
export async function undoEffects(
  tx: Tx,
  schoolId: string,
  reenrollmentId: number,
  toYearId: number,
  effects: ReenrollmentEffects,
) {
  await tx.execute(sql`
    delete from student_groups sg using reenrollment_moves m
     where m.school_id = ${schoolId} and m.reenrollment_id = ${reenrollmentId} and m.group_id is not null
       and sg.school_id = m.school_id and sg.student_id = m.student_id and sg.school_year_id = ${toYearId}
       and sg.group_id = m.group_id`);
  for (const a of effects.assignments) {
    await forSchool(tx, schoolId)
      .delete(teachingAssignments)
      .where(
        eq(teachingAssignments.userId, a.userId),
        eq(teachingAssignments.groupId, a.groupId),
        eq(teachingAssignments.subjectId, a.subjectId),
      );
  }
  for (const h of effects.headTeachers) {
    await forSchool(tx, schoolId)
      .update(groups, { headTeacherId: null })
      .where(eq(groups.id, h.groupId), eq(groups.headTeacherId, h.userId));
  }
  if (effects.createdGroupIds.length === 0) return;
  // Created groups go unless someone has put students or teachers in them since.
  await tx.execute(sql`
    delete from groups g
     where g.school_id = ${schoolId} and g.id = any(${sql.raw(`'{${effects.createdGroupIds.join(",")}}'`)}::int[])
       and not exists (select 1 from student_groups sg where sg.school_id = g.school_id and sg.group_id = g.id)
       and not exists (select 1 from teaching_assignments a where a.school_id = g.school_id and a.group_id = g.id)`);
}

/** Marks an applied re-enrollment final, once (a second sweep or instance finds it done): whether this call did. */
export async function claimFinalize(tx: Tx, schoolId: string, id: number): Promise<boolean> {
  const rows = await forSchool(tx, schoolId)
    .update(reenrollments, { finalizedAt: new Date() })
    .where(eq(reenrollments.id, id), eq(reenrollments.status, "applied"), isNull(reenrollments.finalizedAt))
    .returning({ id: reenrollments.id });
  return rows.length > 0;
}

/** When the new year starts: the leavers' status (graduated, withdrawn) for those still active. */
export async function markLeavers(tx: Tx, schoolId: string, reenrollmentId: number): Promise<number> {
  let changed = 0;
  for (const [status, outcomes] of [
    ["graduated", ["graduated"]],
    ["withdrawn", ["withdrawn", "not_reenrolled"]],
  ] as const) {
    const moved = forSchool(tx, schoolId)
      .pick(reenrollmentMoves, { id: reenrollmentMoves.studentId })
      .where(eq(reenrollmentMoves.reenrollmentId, reenrollmentId), inArray(reenrollmentMoves.outcome, [...outcomes]));
    const rows = await forSchool(tx, schoolId)
      .update(students, { status })
      .where(eq(students.status, "active"), inArray(students.id, moved))
      .returning({ id: students.id });
    changed += rows.length;
  }
  return changed;
}

/**
 * Applied re-enrollments whose new year has started (its first day on the school's clock, or made current) and whose
 * leavers have not been marked yet: what the finalize sweep does, every school at once.
 */
export async function dueForFinalize(tx: Tx): Promise<{ schoolId: string; id: number }[]> {
  // Raw SQL: the school's day from its time zone across schools; the join keeps each row to its own school.
  const result = (await tx.execute(sql`
    select r.school_id as "schoolId", r.id
      from reenrollments r
      join school_years y on y.school_id = r.school_id and y.id = r.to_year_id
      join schools s on s.id = r.school_id
     where r.status = 'applied' and r.finalized_at is null
       and (y.is_current or y.starts_on <= (now() at time zone s.time_zone)::date)`)) as unknown as {
    rows: { schoolId: string; id: number }[];
  };
  return result.rows;
}

/** The next year's groups an applied re-enrollment filled, each with how many of its students, in grade order. */
export const filledGroups = (tx: Tx, schoolId: string, id: number) =>
  tx
    .select({
      id: groups.id,
      name: groups.name,
      grade_name: grades.name,
      section_name: sections.name,
      section_name_en: sections.nameEn,
      students_count: sql<number>`count(*)::int`,
    })
    .from(reenrollmentMoves)
    .innerJoin(groups, sameSchool(groups, reenrollmentMoves, eq(groups.id, reenrollmentMoves.groupId)))
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(reenrollmentMoves, schoolId, eq(reenrollmentMoves.reenrollmentId, id)))
    .groupBy(groups.id, groups.name, grades.name, grades.order, sections.name, sections.nameEn, sections.order)
    .orderBy(asc(sections.order), asc(grades.order), asc(groups.name));
