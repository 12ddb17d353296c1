import { incidentScope, perm, ROLE_FAMILIAR } from "@convive/domain";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  accompanimentObservations,
  familyLinks,
  groups,
  incidentStudents,
  incidents,
  studentGroups,
  teachingAssignments,
} from "../../db/schema/index.ts";
import type { Tenant } from "../../plugins/access.ts";

/**
 * Data scopes of design §2, resolved once per request: which incidents (and accompaniment observations) a member
 * sees. The ids a scope depends on (the groups a teacher heads or teaches, a family's children) are read first
 * and handed to the query as literals, so the planner sees short id lists instead of nested subqueries.
 */

export interface Viewer {
  tenant: Tenant;
  userId: number;
}

export type Scope =
  | { kind: "school"; schoolId: string; userId: number }
  | { kind: "own"; schoolId: string; userId: number; groupIds: number[] }
  | { kind: "family"; schoolId: string; userId: number; childIds: number[] };

/** Groups the user heads or teaches, in any school year. */
export async function myGroupIds(tx: Tx, schoolId: string, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.schoolId, schoolId), eq(groups.headTeacherId, userId)))
    .union(
      tx
        .select({ id: teachingAssignments.groupId })
        .from(teachingAssignments)
        .where(and(eq(teachingAssignments.schoolId, schoolId), eq(teachingAssignments.userId, userId))),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The students the user is a family member of (family links). */
export async function myChildIds(tx: Tx, schoolId: string, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: familyLinks.studentId })
    .from(familyLinks)
    .where(and(eq(familyLinks.schoolId, schoolId), eq(familyLinks.userId, userId)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The viewer's incident scope with the ids it needs (one small query for `own` and `family`, none for `school`). */
export async function resolveScope(tx: Tx, viewer: Viewer): Promise<Scope> {
  const { schoolId, profileName, grants } = viewer.tenant;
  const { userId } = viewer;
  const kind = incidentScope(profileName, grants);
  if (kind === "school") return { kind, schoolId, userId };
  if (kind === "family") return { kind, schoolId, userId, childIds: await myChildIds(tx, schoolId, userId) };
  return { kind, schoolId, userId, groupIds: await myGroupIds(tx, schoolId, userId) };
}

/**
 * The incidents of the scope, as a condition on `incidents` that includes the school. own: recorded by the user,
 * or whose group — or any student's group at the time — the user heads or teaches; family: shown to families and
 * about one of their children.
 */
export function incidentsWhere(scope: Scope): SQL {
  const school = eq(incidents.schoolId, scope.schoolId);
  if (scope.kind === "school") return school;
  if (scope.kind === "family") {
    // Drives the query from the children's rows of incident_students (a handful of incidents per child).
    return and(school, eq(incidents.visibleToFamily, true), incidentIdIn(studentsIncidents(scope, scope.childIds)))!;
  }
  if (scope.groupIds.length === 0) return and(school, eq(incidents.recordedBy, scope.userId))!;
  // IN (subquery) rather than EXISTS: PostgreSQL hashes the students' incidents once instead of probing per row.
  return and(
    school,
    or(
      eq(incidents.recordedBy, scope.userId),
      inArray(incidents.groupId, scope.groupIds),
      sql`${incidents.id} in (select ${incidentStudents.incidentId} from ${incidentStudents}
            where ${incidentStudents.schoolId} = ${scope.schoolId}
              and ${inArray(incidentStudents.groupId, scope.groupIds)})`,
    ),
  )!;
}

/** The incidents of some students (incident_students_student_idx), as a subquery of incident ids. */
export const studentsIncidents = (scope: { schoolId: string }, studentIds: readonly number[]) =>
  sql`select ${incidentStudents.incidentId} from ${incidentStudents}
       where ${incidentStudents.schoolId} = ${scope.schoolId} and ${inArray(incidentStudents.studentId, [...studentIds])}`;

/**
 * `incidents.id = any(array(subquery))`: the subquery runs once and its ids are looked up through the primary
 * key, which keeps a short list of incidents from turning into a walk over the whole school.
 */
export const incidentIdIn = (ids: SQL) => sql`${incidents.id} = any(array(${ids}))`;

/** Whether the viewer may see a student's name on an incident (families see only their own children). */
export const seesStudent = (scope: Scope, studentId: number) =>
  scope.kind !== "family" || scope.childIds.includes(studentId);

/**
 * Accompaniment observations follow the incidents' scopes: whoever may update incidents or observations sees
 * the whole school; a family sees their children's observations shown to families; other staff see what they
 * recorded and the observations of students of groups they head or teach (in any year).
 */
export async function resolveObservationScope(tx: Tx, viewer: Viewer): Promise<Scope> {
  const { tenant } = viewer;
  if (tenant.profileName !== ROLE_FAMILIAR && tenant.grants.has(perm("accompaniment-observations", "update"))) {
    return { kind: "school", schoolId: tenant.schoolId, userId: viewer.userId };
  }
  return resolveScope(tx, viewer);
}

/** The observations of the scope, as a condition on `accompaniment_observations` that includes the school. */
export function observationsWhere(scope: Scope): SQL {
  const o = accompanimentObservations;
  const school = eq(o.schoolId, scope.schoolId);
  if (scope.kind === "school") return school;
  if (scope.kind === "family") {
    return and(school, eq(o.visibleToFamily, true), inArray(o.studentId, scope.childIds))!;
  }
  if (scope.groupIds.length === 0) return and(school, eq(o.recordedBy, scope.userId))!;
  return and(
    school,
    or(
      eq(o.recordedBy, scope.userId),
      sql`${o.studentId} in (select ${studentGroups.studentId} from ${studentGroups}
            where ${studentGroups.schoolId} = ${scope.schoolId} and ${inArray(studentGroups.groupId, scope.groupIds)})`,
    ),
  )!;
}
