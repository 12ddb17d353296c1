import { type IncidentScope, incidentScope, perm, ROLE_FAMILIAR } from "@convive/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Tx } from "../../db/client.ts";
import { accompanimentObservations, incidents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";

/**
 * Data scopes of design §2 as SQL over `incidents`, for follow-up reads and writes. Kept in one file so that
 * switching to the archive's shared scope helper is a change of these functions only.
 */

export interface Viewer {
  tenant: Tenant;
  userId: number;
}

export const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
});

export const scopeOf = (viewer: Viewer): IncidentScope =>
  incidentScope(viewer.tenant.profileName, viewer.tenant.grants);

/** Groups the user heads or teaches, in any year. */
export const myGroupIds = (schoolId: string, userId: number) => sql`(
  select g.id from groups g where g.school_id = ${schoolId} and g.head_teacher_id = ${userId}
  union
  select ta.group_id from teaching_assignments ta where ta.school_id = ${schoolId} and ta.user_id = ${userId})`;

/** The user's own children (family links). */
export const myChildrenIds = (schoolId: string, userId: number) =>
  sql`(select fl.student_id from family_links fl where fl.school_id = ${schoolId} and fl.user_id = ${userId})`;

/**
 * The incidents a viewer may see, as a condition on `incidents` (undefined: the whole school). own: recorded by
 * them, or whose group — or any student's group at the time — they head or teach; family: shown to families and
 * about one of their children.
 */
export function visibleIncidents(viewer: Viewer, scope: IncidentScope = scopeOf(viewer)): SQL | undefined {
  const { schoolId } = viewer.tenant;
  if (scope === "school") return undefined;
  if (scope === "family") {
    return sql`(${incidents.visibleToFamily} and exists (
      select 1 from incident_students s
       where s.school_id = ${incidents.schoolId} and s.incident_id = ${incidents.id}
         and s.student_id in ${myChildrenIds(schoolId, viewer.userId)}))`;
  }
  const mine = myGroupIds(schoolId, viewer.userId);
  return sql`(${incidents.recordedBy} = ${viewer.userId}
    or ${incidents.groupId} in ${mine}
    or exists (select 1 from incident_students s
                where s.school_id = ${incidents.schoolId} and s.incident_id = ${incidents.id}
                  and s.group_id in ${mine}))`;
}

export interface IncidentRef {
  id: number;
  folio: number;
  status: string;
}

/**
 * The incident of the school within the viewer's scope, or 404. `lock` takes a share lock on its row so that a
 * concurrent close or cancel (which updates the row) waits for this change and then sees it.
 */
export async function incidentInScope(
  tx: Tx,
  viewer: Viewer,
  incidentId: number,
  options: { lock?: boolean; scope?: IncidentScope } = {},
): Promise<IncidentRef> {
  const query = tx
    .select({ id: incidents.id, folio: incidents.folio, status: incidents.status })
    .from(incidents)
    .where(
      and(
        eq(incidents.schoolId, viewer.tenant.schoolId),
        eq(incidents.id, incidentId),
        visibleIncidents(viewer, options.scope),
      ),
    );
  const [row] = options.lock ? await query.for("share") : await query;
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** Families read their children's follow-up but never write it (nor can they be responsible or staff attendees). */
export function requireStaff(viewer: Viewer) {
  if (scopeOf(viewer) === "family") throw new AppError("FORBIDDEN");
}

/** Changes to formative actions need the incident open (design §4: closed and cancelled incidents are final). */
export function requireOpen(incident: IncidentRef) {
  if (incident.status !== "open") throw new AppError("INCIDENT_NOT_OPEN");
}

/**
 * The accompaniment observations a viewer may see, as a condition on `accompaniment_observations` (undefined:
 * the whole school, for those who may update incidents or observations). own: what they recorded and the
 * observations of students of groups they head or teach; family: their children's, when shown to families.
 */
export function visibleObservations(viewer: Viewer): SQL | undefined {
  const { tenant, userId } = viewer;
  const o = accompanimentObservations;
  if (tenant.profileName === ROLE_FAMILIAR) {
    return sql`(${o.visibleToFamily} and ${o.studentId} in ${myChildrenIds(tenant.schoolId, userId)})`;
  }
  const { grants } = tenant;
  if (grants.has(perm("incidents", "update")) || grants.has(perm("accompaniment-observations", "update"))) {
    return undefined;
  }
  return sql`(${o.recordedBy} = ${userId} or ${o.studentId} in (
    select sg.student_id from student_groups sg
     where sg.school_id = ${tenant.schoolId} and sg.group_id in ${myGroupIds(tenant.schoolId, userId)}))`;
}
