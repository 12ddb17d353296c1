import { incidentScope, type Language, perm, ROLE_FAMILIAR } from "@convive/domain";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  accompanimentObservations,
  familyLinks,
  groups,
  incidents,
  studentGroups,
  teachingAssignments,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";
import type { Tenant } from "../../plugins/access.ts";

/**
 * Data scopes of design §2, resolved once per request: which incidents (and accompaniment observations) a member
 * sees. The ids a scope depends on (the groups a teacher heads or teaches, a family's children) are read first
 * and handed to the query as literals, so the planner sees short id lists instead of nested subqueries.
 */

export interface Viewer {
  tenant: Tenant;
  userId: number;
  /** The caller's language: what a family reads in place of another child's name. Spanish when not given. */
  language?: Language;
}

export type Scope =
  | { kind: "school"; schoolId: string; userId: number }
  | { kind: "own"; schoolId: string; userId: number; groupIds: number[] }
  | { kind: "family"; schoolId: string; userId: number; childIds: number[]; language: Language };

/** Groups the user heads or teaches, in any school year. */
export async function myGroupIds(tx: Tx, schoolId: string, userId: number): Promise<number[]> {
  const rows = await forSchool(tx, schoolId)
    .pick(groups, { id: groups.id })
    .where(eq(groups.headTeacherId, userId))
    .union(
      forSchool(tx, schoolId)
        .pick(teachingAssignments, { id: teachingAssignments.groupId })
        .where(eq(teachingAssignments.userId, userId)),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The students the user is a family member of (family links). */
export async function myChildIds(tx: Tx, schoolId: string, userId: number): Promise<number[]> {
  const rows = await forSchool(tx, schoolId)
    .pick(familyLinks, { id: familyLinks.studentId })
    .where(eq(familyLinks.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The viewer's incident scope with the ids it needs (one small query for `own` and `family`, none for `school`). */
export async function resolveScope(tx: Tx, viewer: Viewer): Promise<Scope> {
  const { schoolId, profileName, grants } = viewer.tenant;
  const { userId } = viewer;
  const kind = incidentScope(profileName, grants);
  if (kind === "school") return { kind, schoolId, userId };
  if (kind === "family") {
    const childIds = await myChildIds(tx, schoolId, userId);
    return { kind, schoolId, userId, childIds, language: viewer.language ?? "es" };
  }
  return { kind, schoolId, userId, groupIds: await myGroupIds(tx, schoolId, userId) };
}

/**
 * The scope as conditions on the incident's own columns, which the indexes serve: always the school; for `own`,
 * recorded by the user or concerning a group they head or teach (incidents.group_ids holds the incident's group
 * and its students' groups at the time); for `family`, shown to families and about one of their children
 * (incidents.student_ids).
 */
export function scopeConditions(scope: Scope): SQL[] {
  const base: SQL[] = [ofSchool(incidents, scope.schoolId)];
  if (scope.kind === "school") return base;
  if (scope.kind === "family") {
    base.push(eq(incidents.visibleToFamily, true));
    return [...base, scope.childIds.length === 0 ? FALSE : inStudentIds(scope.childIds)];
  }
  const recorded = eq(incidents.recordedBy, scope.userId);
  return [...base, scope.groupIds.length === 0 ? recorded : or(recorded, inGroupIds(scope.groupIds))!];
}

/** The incidents of the scope as one condition on `incidents` (details, downloads, follow-up writes). */
export const incidentsWhere = (scope: Scope): SQL => and(...scopeConditions(scope))!;

const FALSE = sql`false`;

/**
 * Incidents concerning any of the groups, through incidents.group_ids: checked on the row itself while an index is
 * walked, or within the archive's multicolumn GIN index (incidents_filters_idx), where it meets a family's children
 * or other filters inside one scan.
 */
export const inGroupIds = (groupIds: readonly number[]): SQL =>
  sql`${incidents.groupIds} && ${intArray(groupIds)}::integer[]`;

/** Incidents of any of the students, through incidents.student_ids (same upkeep as group_ids). */
export const inStudentIds = (studentIds: readonly number[]): SQL =>
  sql`${incidents.studentIds} && ${intArray(studentIds)}::integer[]`;

const intArray = (ids: readonly number[]) => `{${ids.map(Number).join(",")}}`;

/** Whether the viewer may see a student's name on an incident (families see only their own children). */
export const seesStudent = (scope: Scope, studentId: number) =>
  scope.kind !== "family" || scope.childIds.includes(studentId);

/**
 * A filter naming a student: for a family, another family's child does not exist (404, as another school's ids
 * are), whether or not the student does. Staff filter freely within their scope.
 */
export function requireFilterableStudent(scope: Scope, studentId: number | undefined) {
  if (studentId !== undefined && !seesStudent(scope, studentId)) throw new AppError("NOT_FOUND");
}

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
  const school = ofSchool(o, scope.schoolId);
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
