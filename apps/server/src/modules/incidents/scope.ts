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
 * A condition on incidents that may also be met through the incident's students: a `cheap` part on the incident's
 * own columns (served by its indexes) and a `students` part on incident_students (some student of the incident
 * meets it). The forms below write it for each kind of plan.
 */
export interface Predicate {
  cheap?: SQL;
  students?: SQL;
  /** Part of `cheap` that one index counts alone (a lower bound of the matches, for the archive's total). */
  bound?: SQL;
}

/**
 * The scope as conditions on incidents: `base` on their own columns (always the school) and, for `own` and
 * `family`, a predicate through the students. own: recorded by the user, or whose group — or any student's group
 * at the time — the user heads or teaches; family: shown to families and about one of their children.
 */
export function scopeConditions(scope: Scope): { base: SQL[]; pred?: Predicate } {
  const base: SQL[] = [eq(incidents.schoolId, scope.schoolId)];
  if (scope.kind === "school") return { base };
  if (scope.kind === "family") {
    base.push(eq(incidents.visibleToFamily, true));
    if (scope.childIds.length === 0) return { base: [...base, FALSE] };
    return { base, pred: { students: inArray(incidentStudents.studentId, scope.childIds) } };
  }
  const recorded = eq(incidents.recordedBy, scope.userId);
  if (scope.groupIds.length === 0) return { base: [...base, recorded] };
  return {
    base,
    pred: {
      cheap: or(recorded, inArray(incidents.groupId, scope.groupIds)),
      students: inArray(incidentStudents.groupId, scope.groupIds),
      bound: inArray(incidents.groupId, scope.groupIds),
    },
  };
}

/**
 * The incidents of the scope, as one condition on `incidents` that includes the school, checked row by row — right
 * for one incident (details, downloads, follow-up writes) and for walks in an index's order.
 */
export function incidentsWhere(scope: Scope): SQL {
  const { base, pred } = scopeConditions(scope);
  return and(...base, pred ? probeForm(pred) : undefined)!;
}

/**
 * The same condition driven from the students' incidents: right for a family's few incidents, wrong for a
 * teacher's many (use incidentsWhere there).
 */
export function incidentsOfFew(scope: Scope): SQL {
  const { base, pred } = scopeConditions(scope);
  return and(...base, pred ? driverForm(scope.schoolId, pred) : undefined)!;
}

// ───────────────────────── the forms of a predicate ─────────────────────────

const FALSE = sql`false`;

/** The incident ids whose students meet `cond`. */
export const studentsIncidents = (schoolId: string, cond: SQL) =>
  sql`select ${incidentStudents.incidentId} from ${incidentStudents}
       where ${incidentStudents.schoolId} = ${schoolId} and ${cond}`;

/**
 * Drives a query from a small predicate: the students' incident ids are collected once and looked up through the
 * primary key, ORed (as bitmaps) with the cheap part's own index.
 */
export const driverForm = (schoolId: string, p: Predicate): SQL =>
  or(p.cheap, p.students ? sql`${incidents.id} = any(array(${studentsIncidents(schoolId, p.students)}))` : undefined) ??
  FALSE;

/**
 * Checks a predicate row by row: the cheap part first, then one primary-key probe of incident_students. OFFSET 0
 * keeps PostgreSQL from hashing every matching student row of the school up front, which for a teacher's groups
 * or a section costs far more than the few probes a page needs.
 */
export const probeForm = (p: Predicate): SQL =>
  or(
    p.cheap,
    p.students
      ? sql`exists (select 1 from ${incidentStudents}
                     where ${incidentStudents.schoolId} = ${incidents.schoolId}
                       and ${incidentStudents.incidentId} = ${incidents.id} and ${p.students} offset 0)`
      : undefined,
  ) ?? FALSE;

/** For an exact count over many rows: the students' incidents as a set the planner may hash or join. */
export const setForm = (schoolId: string, p: Predicate): SQL =>
  or(p.cheap, p.students ? sql`${incidents.id} in (${studentsIncidents(schoolId, p.students)})` : undefined) ?? FALSE;

/** Only the cheap part: a subset of the matches, countable through indexes alone. */
export const cheapForm = (p: Predicate): SQL => p.cheap ?? FALSE;

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
