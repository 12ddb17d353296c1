import { type Acknowledgement, ROLE_FAMILIAR } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./acknowledgements.repository.ts";
import { resolveScope, type Viewer } from "./scope.ts";

// The rules the acknowledgements (issue 30 §1) and their reminders share: who is a family, when families are asked,
// the incident in the reader's scope, and how an acknowledgement is shown.

/** The signed-in session an acknowledgement comes from (issue 30 §1: who, when, from which session). */
export interface AckSession {
  sessionId: string;
  /** The request's User-Agent, as the browser named itself. */
  device: string | null;
}

/** The User-Agent kept with an acknowledgement is cut to this length. */
export const DEVICE_MAX = 300;
export const isFamily = (viewer: Viewer) => viewer.tenant.profileName === ROLE_FAMILIAR;
/** Families are asked while the incident is shown to them and not cancelled (a cancelled one asks nothing more). */
export const isAsked = (incident: { visibleToFamily: boolean; status: string }) =>
  incident.visibleToFamily && incident.status !== "cancelled";
export const hasText = (value: string | null) => Boolean(value?.trim());

/** The viewer's scope and the incident in it (404 outside: another school's, another family's). */
export async function incidentInScopeOf(db: Db, viewer: Viewer, id: number) {
  const scope = await resolveScope(db, viewer);
  const incident = await repo.incidentInScope(db, scope, id);
  if (!incident) throw new AppError("NOT_FOUND");
  return { scope, incident };
}

export const presentAcknowledgement = (a: repo.AckRow): Acknowledgement => ({
  id: a.id,
  incident_id: a.incidentId,
  meeting_id: a.meetingId,
  user: { id: a.userId, name: a.userName },
  acknowledged_at: a.acknowledgedAt.toISOString(),
  disagrees: a.disagrees,
  comment: a.comment,
  session: { id: a.sessionId, device: a.device },
});
