import { type IncidentTransition, type Language, mayReopen, nextStatus } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import type { Delivery, IncidentNotifier } from "./incident-notifications.ts";
import { requireProtocolDone, waivePendingSteps } from "./protocol.service.ts";
import * as repo from "./registration.repository.ts";
import { countPendingActions, waivePendingActions } from "./statuses.repository.ts";

/**
 * The status workflow (design §4): open → closed (closing note; formative actions completed or explicitly
 * waived) or cancelled (reason); a Director reopens a closed one. Each transition locks the incident row first,
 * so of two racing requests the second finds the new status and gets 409 INVALID_TRANSITION. Callers hold
 * incidents.update, whose holders follow the whole school: an incident of the school is enough (404 otherwise).
 */
export function createStatusesService(deps: { db: Db; notifier: IncidentNotifier }) {
  const { db, notifier } = deps;

  async function transition(
    tenant: Tenant,
    id: number,
    move: IncidentTransition,
    apply: (tx: Tx, incident: repo.IncidentRow) => Promise<Delivery | undefined>,
  ) {
    const { out, delivery } = await db.transaction(async (tx) => {
      const incident = await repo.lockIncident(tx, tenant.schoolId, id);
      if (!incident) throw new AppError("NOT_FOUND");
      if (move === "reopen" && !mayReopen(tenant.profileName)) throw new AppError("DIRECTOR_ONLY");
      const to = nextStatus(incident.status as "open", move);
      if (to === null) throw new AppError("INVALID_TRANSITION");
      const delivery = await apply(tx, incident);
      return { out: { id: incident.id, folio: incident.folio, status: to }, delivery };
    });
    delivery?.after();
    return out;
  }

  /**
   * Closes an open incident. Pending formative actions block it (409 PENDING_FORMATIVE_ACTIONS) unless the caller
   * waives them, which records the closing note as each one's waive reason.
   */
  function close(
    tenant: Tenant,
    userId: number,
    id: number,
    body: { closing_note: string; waive_pending_actions: boolean },
    language: Language = "es",
  ) {
    return transition(tenant, id, "close", async (tx, incident) => {
      const { schoolId } = tenant;
      // Issue 30 §2: a protocol's steps are done or waived one by one, each with its reason; closing never waives them.
      await requireProtocolDone(tx, schoolId, id, language);
      let waived: { id: number; studentId: number }[] = [];
      if (body.waive_pending_actions) {
        waived = await waivePendingActions(tx, schoolId, id, userId, body.closing_note);
      } else if ((await countPendingActions(tx, schoolId, id)) > 0) {
        throw new AppError("PENDING_FORMATIVE_ACTIONS");
      }
      await repo.updateIncident(tx, schoolId, id, {
        status: "closed",
        closedAt: new Date(),
        closedBy: userId,
        closingNote: body.closing_note,
      });
      await repo.insertTimeline(tx, [
        ...waived.map((a) => ({
          schoolId,
          incidentId: id,
          event: "action-waived",
          userId,
          details: { action_id: a.id, student_id: a.studentId, reason: body.closing_note },
        })),
        {
          schoolId,
          incidentId: id,
          event: "closed",
          userId,
          details: { closing_note: body.closing_note, waived_actions: waived.length },
        },
      ]);
      return notifier.statusChanged(tx, incident, userId, "closed");
    });
  }

  /**
   * Cancels an open incident (kept, never deleted). Its pending formative actions are waived with the cancel
   * reason: an incident registered by mistake must not leave anyone with overdue work.
   */
  function cancel(tenant: Tenant, userId: number, id: number, reason: string) {
    return transition(tenant, id, "cancel", async (tx, incident) => {
      const { schoolId } = tenant;
      const waived = await waivePendingActions(tx, schoolId, id, userId, reason);
      await waivePendingSteps(tx, schoolId, id, userId, reason);
      await repo.updateIncident(tx, schoolId, id, {
        status: "cancelled",
        cancelledAt: new Date(),
        cancelledBy: userId,
        cancelReason: reason,
      });
      await repo.insertTimeline(tx, [
        ...waived.map((a) => ({
          schoolId,
          incidentId: id,
          event: "action-waived",
          userId,
          details: { action_id: a.id, student_id: a.studentId, reason },
        })),
        { schoolId, incidentId: id, event: "cancelled", userId, details: { reason } },
      ]);
      return notifier.statusChanged(tx, incident, userId, "cancelled");
    });
  }

  /**
   * Reopens a closed incident: the Director's call (403 DIRECTOR_ONLY for anyone else). The closed_* columns are
   * cleared because they describe the current closure; the timeline's 'closed' entry keeps who, when and the
   * note. Actions waived on closing stay waived; new ones can be added.
   */
  function reopen(tenant: Tenant, userId: number, id: number, reason: string) {
    return transition(tenant, id, "reopen", async (tx) => {
      const { schoolId } = tenant;
      await repo.updateIncident(tx, schoolId, id, {
        status: "open",
        closedAt: null,
        closedBy: null,
        closingNote: null,
      });
      await repo.insertTimeline(tx, [{ schoolId, incidentId: id, event: "reopened", userId, details: { reason } }]);
      return undefined;
    });
  }

  return { close, cancel, reopen };
}

export type StatusesService = ReturnType<typeof createStatusesService>;
