import type { FastifyInstance } from "fastify";
import type { Db } from "../../src/db/client.ts";
import {
  familyLinks,
  familyMembers,
  grades,
  groups,
  incidentCategories,
  incidentTypes,
  observationTypes,
  periods,
  schoolYears,
  sections,
  studentGroups,
  students,
  subjects,
  teachingAssignments,
} from "../../src/db/schema/index.ts";
import { addMember, client, createSchool, createUser, login, uniq } from "./factories.ts";

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

type School = Awaited<ReturnType<typeof createSchool>>;

async function signedMember(
  app: FastifyInstance,
  db: Db,
  school: School,
  template: keyof School["profileIds"],
  opts: { language?: "es" | "en"; firstName?: string } = {},
) {
  const user = await createUser(db, opts);
  await addMember(db, school.id, user.id, school.profileIds[template]);
  const token = await login(app, user.email);
  return { user, token, as: client(app, token, school.id) };
}

/**
 * A school ready for incidents, built with direct inserts (no API): a current year around today with a period
 * covering today; Primaria 1° with groups A and B; a head teacher of A who teaches Matemáticas there, another
 * teacher who teaches B; students a1, a2 in A and b1 in B; a mother of a1 (language en) and a father of b1; a
 * Director, a Coordinador (notify-profile) — all signed in — plus one category "Conducta", a type "Agresión
 * verbal" (serious, 5 points, told to families, two guidelines) and an observation type "Participación".
 */
export async function incidentSchool(app: FastifyInstance, db: Db) {
  const school = await createSchool(db);
  const schoolId = school.id;
  const [year] = await db
    .insert(schoolYears)
    .values({ schoolId, name: "2026-2027", startsOn: day(-90), endsOn: day(200), isCurrent: true })
    .returning();
  const [period] = await db
    .insert(periods)
    .values({ schoolId, schoolYearId: year!.id, name: "Bimestre 2", order: 2, startsOn: day(-30), endsOn: day(30) })
    .returning();
  const [section] = await db.insert(sections).values({ schoolId, name: "Primaria" }).returning();
  const [grade] = await db.insert(grades).values({ schoolId, sectionId: section!.id, name: "1°" }).returning();

  const director = await signedMember(app, db, school, "director");
  const coordinador = await signedMember(app, db, school, "coordinador");
  const teacher = await signedMember(app, db, school, "docente", { firstName: "Tere" });
  const otherTeacher = await signedMember(app, db, school, "docente", { firstName: "Otto" });

  const [groupA] = await db
    .insert(groups)
    .values({ schoolId, gradeId: grade!.id, schoolYearId: year!.id, name: "A", headTeacherId: teacher.user.id })
    .returning();
  const [groupB] = await db
    .insert(groups)
    .values({ schoolId, gradeId: grade!.id, schoolYearId: year!.id, name: "B", headTeacherId: otherTeacher.user.id })
    .returning();
  const [math] = await db
    .insert(subjects)
    .values({ schoolId, name: "Matemáticas", code: uniq("MAT") })
    .returning();
  await db.insert(teachingAssignments).values([
    { schoolId, userId: teacher.user.id, groupId: groupA!.id, subjectId: math!.id },
    { schoolId, userId: otherTeacher.user.id, groupId: groupB!.id, subjectId: math!.id },
  ]);

  const student = async (firstName: string, groupId: number) => {
    const [row] = await db
      .insert(students)
      .values({ schoolId, enrollment: uniq("MAT"), firstName, paternalSurname: "Pérez", maternalSurname: "Ruiz" })
      .returning();
    await db.insert(studentGroups).values({ schoolId, studentId: row!.id, schoolYearId: year!.id, groupId });
    return row!;
  };
  const a1 = await student("Ana", groupA!.id);
  const a2 = await student("Alan", groupA!.id);
  const b1 = await student("Beto", groupB!.id);

  const parent = async (studentId: number, relationship: string, language: "es" | "en") => {
    const member = await signedMember(app, db, school, "familiar", { language });
    await db.insert(familyMembers).values({ schoolId, userId: member.user.id });
    await db.insert(familyLinks).values({ schoolId, studentId, userId: member.user.id, relationship });
    return member;
  };
  const motherOfA1 = await parent(a1.id, "mother", "en");
  const fatherOfB1 = await parent(b1.id, "father", "es");

  const [category] = await db
    .insert(incidentCategories)
    .values({ schoolId, nameEs: "Conducta", nameEn: "Behaviour", order: 1 })
    .returning();
  const [type] = await db
    .insert(incidentTypes)
    .values({
      schoolId,
      categoryId: category!.id,
      nameEs: "Agresión verbal",
      nameEn: "Verbal aggression",
      classification: "serious",
      defaultPoints: 5,
      notifyFamily: true,
      guidelines: ["Diálogo reflexivo con el estudiante", "Carta compromiso firmada por la familia"],
    })
    .returning();
  const [observationType] = await db
    .insert(observationTypes)
    .values({ schoolId, nameEs: "Participación", nameEn: "Participation", kind: "positive", points: 2 })
    .returning();

  return {
    school,
    year: year!,
    period: period!,
    section: section!,
    grade: grade!,
    groupA: groupA!,
    groupB: groupB!,
    math: math!,
    director,
    coordinador,
    teacher,
    otherTeacher,
    a1,
    a2,
    b1,
    motherOfA1,
    fatherOfB1,
    category: category!,
    type: type!,
    observationType: observationType!,
  };
}
export type IncidentSchool = Awaited<ReturnType<typeof incidentSchool>>;

/** A registration body for `students` (all involved) with the school's type, now, in group A. */
export const registration = (s: IncidentSchool, overrides: Record<string, unknown> = {}) => ({
  students: [{ student_id: s.a1.id, role: "involved" }],
  type_id: s.type.id,
  detail: "Insultó a un compañero durante el recreo.",
  place: "Patio",
  occurred_at: new Date(Date.now() - 60_000).toISOString(),
  group_id: s.groupA.id,
  subject_id: s.math.id,
  ...overrides,
});
