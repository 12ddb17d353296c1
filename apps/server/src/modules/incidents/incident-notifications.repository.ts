import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  familyLinks,
  incidentStudents,
  incidentTypes,
  memberships,
  profilePermissions,
  schools,
  students,
  users,
} from "../../db/schema/index.ts";
import { alphabetical } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { studentName, userName } from "./registration-options.repository.ts";

/** The family members linked to each of `studentIds`. */
export function familiesOf(tx: Tx, schoolId: string, studentIds: readonly number[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return forSchool(tx, schoolId)
    .pick(familyLinks, { userId: familyLinks.userId, studentId: familyLinks.studentId })
    .where(inArray(familyLinks.studentId, [...studentIds]));
}

/** Active members whose profile holds notify-profile (told of every new incident). */
export async function notifyProfileHolders(tx: Tx, schoolId: string): Promise<number[]> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(
      profilePermissions,
      sameSchool(profilePermissions, memberships, eq(profilePermissions.profileId, memberships.profileId)),
    )
    .where(
      ofSchool(
        memberships,
        schoolId,
        eq(memberships.isActive, true),
        eq(profilePermissions.permission, "notify-profile"),
      ),
    );
  return rows.map((r) => r.userId);
}

export async function nameOfUser(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx.select({ name: userName }).from(users).where(eq(users.id, userId));
  return row?.name ?? "";
}

/** Where and in which language each of `ids` reads their e-mail; disabled accounts get none. */
export function mailboxes(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)));
}

/** The school's time zone: the clock an e-mail shows its dates on. */
export async function zoneOf(tx: Tx, schoolId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return row?.timeZone || "America/Mexico_City";
}

/** The incident's students with their names (a correction shown to families). */
export function studentsOf(tx: Tx, schoolId: string, incidentId: number) {
  return tx
    .select({ id: students.id, name: studentName })
    .from(incidentStudents)
    .innerJoin(students, sameSchool(students, incidentStudents, eq(students.id, incidentStudents.studentId)))
    .where(ofSchool(incidentStudents, schoolId, eq(incidentStudents.incidentId, incidentId)));
}

/** The type's names and the students' names of an incident (what a status notification says). */
export async function incidentNames(tx: Tx, schoolId: string, incidentId: number, typeId: number) {
  const [type, names] = await Promise.all([
    forSchool(tx, schoolId)
      .pick(incidentTypes, { nameEs: incidentTypes.nameEs, nameEn: incidentTypes.nameEn })
      .where(eq(incidentTypes.id, typeId)),
    tx
      .select({ name: studentName })
      .from(incidentStudents)
      .innerJoin(students, sameSchool(students, incidentStudents, eq(students.id, incidentStudents.studentId)))
      .where(ofSchool(incidentStudents, schoolId, eq(incidentStudents.incidentId, incidentId)))
      .orderBy(asc(alphabetical(students.paternalSurname)), asc(alphabetical(students.firstName)), sql`${students.id}`),
  ]);
  return { type: type[0] ?? { nameEs: "", nameEn: null }, students: names.map((n) => n.name) };
}
