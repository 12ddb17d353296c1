import { and, asc, eq, exists, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  accompanimentObservations,
  familyLinks,
  familyMembers,
  grades,
  groups,
  incidentStudents,
  incidents,
  sections,
  studentGroups,
  students,
  users,
} from "../../db/schema/index.ts";
import { alphabetical, personName } from "../../lib/names.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { joinGroup } from "../students/index.ts";

/** Students with their group in the school year `yearId` (none when null), its grade and section. */
export async function studentsWithGroup(tx: Tx, schoolId: string, ids: readonly number[], yearId: number | null) {
  if (ids.length === 0) return [];
  const query = tx
    .select({
      id: students.id,
      name: personName(students),
      first_name: students.firstName,
      enrollment: students.enrollment,
      photo: students.photo,
      status: students.status,
      group_id: groups.id,
      group_name: groups.name,
      grade_name: grades.name,
      section_name: sections.name,
      section_name_en: sections.nameEn,
    })
    .from(students)
    .$dynamic();
  return joinGroup(query, yearId)
    .where(ofSchool(students, schoolId, inArray(students.id, [...ids])))
    .orderBy(asc(alphabetical(students.firstName)), asc(students.id));
}

/**
 * Whether a teacher-like member reaches the student: a student of a group they head or teach (any school year),
 * or one of an incident or an observation they recorded.
 */
export async function reachesStudent(
  tx: Tx,
  schoolId: string,
  userId: number,
  groupIds: readonly number[],
  studentId: number,
) {
  const inMyGroups =
    groupIds.length === 0
      ? sql`false`
      : exists(
          tx
            .select({ one: sql`1` })
            .from(studentGroups)
            .where(
              ofSchool(
                studentGroups,
                schoolId,
                eq(studentGroups.studentId, studentId),
                inArray(studentGroups.groupId, [...groupIds]),
              ),
            ),
        );
  const inMyIncidents = exists(
    tx
      .select({ one: sql`1` })
      .from(incidentStudents)
      .innerJoin(incidents, sameSchool(incidents, incidentStudents, eq(incidents.id, incidentStudents.incidentId)))
      .where(
        ofSchool(
          incidentStudents,
          schoolId,
          eq(incidentStudents.studentId, studentId),
          eq(incidents.recordedBy, userId),
        ),
      ),
  );
  const inMyObservations = exists(
    tx
      .select({ one: sql`1` })
      .from(accompanimentObservations)
      .where(
        ofSchool(
          accompanimentObservations,
          schoolId,
          eq(accompanimentObservations.studentId, studentId),
          eq(accompanimentObservations.recordedBy, userId),
        ),
      ),
  );
  const [row] = await tx
    .select({ yes: sql<boolean>`${or(inMyGroups, inMyIncidents, inMyObservations)}` })
    .from(sql`(select 1) as one`);
  return row?.yes === true;
}

/** The student's family members as contacts, emergency contacts first. */
export async function contactsOf(tx: Tx, schoolId: string, studentId: number) {
  return tx
    .select({
      user_id: users.id,
      name: personName(users),
      relationship: familyLinks.relationship,
      email: users.email,
      phone: familyMembers.phone,
      alternate_phone: familyMembers.alternatePhone,
      can_pick_up: familyLinks.canPickUp,
      is_emergency_contact: familyLinks.isEmergencyContact,
    })
    .from(familyLinks)
    .innerJoin(familyMembers, sameSchool(familyMembers, familyLinks, eq(familyMembers.userId, familyLinks.userId)))
    .innerJoin(users, eq(users.id, familyLinks.userId))
    .where(and(ofSchool(familyLinks, schoolId, eq(familyLinks.studentId, studentId))))
    .orderBy(sql`${familyLinks.isEmergencyContact} desc`, asc(alphabetical(personName(users))));
}
