import { type IncidentScope, incidentScope } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Tx } from "../../db/client.ts";
import { incidents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { requestLanguage } from "../../lib/language.ts";
import { incidentsWhere, resolveScope, type Scope, type Viewer } from "../incidents/index.ts";

/**
 * Data scopes of design §2 for the follow-up: the incidents' shared scope helper (modules/incidents/scope.ts),
 * plus the follow-up's own widening — whoever is responsible for an action or attends a meeting reaches it.
 */

export type { Viewer };

export const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

/** Which scope the viewer has, without the ids it needs (for checks that only need the kind). */
export const scopeOf = (viewer: Viewer): IncidentScope =>
  incidentScope(viewer.tenant.profileName, viewer.tenant.grants);

export interface IncidentRef {
  id: number;
  folio: number;
  status: string;
}

/**
 * The incident of the school within the viewer's scope — or anywhere in the school with `wholeSchool` (the
 * responsible user of an action, an attendee of a meeting) — or 404. `lock` takes a share lock on its row, so a
 * concurrent close or cancel (which locks the row to update it) waits for this change and then sees it.
 */
export async function incidentInScope(
  tx: Tx,
  viewer: Viewer,
  incidentId: number,
  options: { lock?: boolean; wholeSchool?: boolean } = {},
): Promise<IncidentRef> {
  const { schoolId } = viewer.tenant;
  const scope: Scope = options.wholeSchool
    ? { kind: "school", schoolId, userId: viewer.userId }
    : await resolveScope(tx, viewer);
  const query = tx
    .select({ id: incidents.id, folio: incidents.folio, status: incidents.status })
    .from(incidents)
    .where(and(incidentsWhere(scope), eq(incidents.id, incidentId)));
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
