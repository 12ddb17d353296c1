import type { ErrorCode, NursingOptionKind, UpdateVisitBody, Visit, VisitBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Viewer } from "../incidents/index.ts";
import { nursingAccess, requireNurse } from "./access.ts";
import * as config from "./config.repository.ts";
import type { TellFamily } from "./family-notice.ts";
import { presentVisit } from "./nursing.present.ts";
import * as visits from "./visits.repository.ts";

/** An active entry of the school's list of this kind, else 422 on the field. */
async function activeOption(tx: Tx, schoolId: string, id: number, kind: NursingOptionKind, field: string) {
  const row = await config.optionById(tx, schoolId, id);
  if (!row?.active || row.kind !== kind) {
    throw new AppError("VALIDATION", { [field]: "NURSING_OPTION_INACTIVE" as ErrorCode });
  }
  return row;
}

function checkTimes(arrived: Date, left: Date | null) {
  if (left && left < arrived) throw new AppError("VALIDATION", { left_at: "VALIDATION" });
}

/**
 * Infirmary visits (issue 29 §4). Recording one never waits for the family's health consent: a child in the
 * infirmary is cared for and the visit written down whatever the consent says (the school's duty of care; LFPDPPP
 * art. 10 — data needed for medical attention in an emergency need no consent). The family is told in the same
 * transaction, and `family_notified_at` says when.
 */
export function createVisitWrites(deps: { db: Db; tellFamily: TellFamily }) {
  const { db, tellFamily } = deps;

  /** POST /api/students/:id/nursing-visits (nursing.create). */
  async function create(viewer: Viewer, studentId: number, body: VisitBody): Promise<Visit> {
    const { schoolId } = viewer.tenant;
    const access = await nursingAccess(db, viewer, studentId);
    requireNurse(viewer, access, "create");
    const arrivedAt = body.arrived_at ? new Date(body.arrived_at) : new Date();
    const leftAt = body.left_at ? new Date(body.left_at) : null;
    checkTimes(arrivedAt, leftAt);
    let publish = () => {};
    const row = await db.transaction(async (tx) => {
      const reason = await activeOption(tx, schoolId, body.reason_id, "reason", "reason_id");
      if (body.outcome_id !== null) await activeOption(tx, schoolId, body.outcome_id, "outcome", "outcome_id");
      const told = await tellFamily(tx, {
        schoolId,
        studentId,
        type: "nursing.visit",
        params: {
          student: access.student.name,
          at: arrivedAt.toISOString(),
          reason_es: reason.name,
          reason_en: reason.nameEn,
        },
      });
      publish = told.publish;
      const id = await visits.insertVisit(tx, schoolId, {
        studentId,
        arrivedAt,
        leftAt,
        reasonId: body.reason_id,
        reasonNote: body.reason_note,
        vitals: body.vitals,
        treatment: body.treatment,
        outcomeId: body.outcome_id,
        notes: body.notes,
        recordedBy: viewer.userId,
        familyNotifiedAt: told.at,
      });
      return visits.visitById(tx, schoolId, id);
    });
    publish();
    return presentVisit(row!, access.student, viewer.language);
  }

  /** PATCH /api/nursing-visits/:id (nursing.update): the time out, the outcome, the treatment, vitals, notes. */
  async function update(viewer: Viewer, id: number, body: UpdateVisitBody): Promise<Visit> {
    const { schoolId } = viewer.tenant;
    const current = await visits.visitById(db, schoolId, id);
    if (!current) throw new AppError("NOT_FOUND");
    const access = await nursingAccess(db, viewer, current.v.studentId);
    requireNurse(viewer, access, "update");
    const leftAt = body.left_at === undefined ? current.v.leftAt : body.left_at ? new Date(body.left_at) : null;
    checkTimes(current.v.arrivedAt, leftAt);
    const row = await db.transaction(async (tx) => {
      if (body.outcome_id) await activeOption(tx, schoolId, body.outcome_id, "outcome", "outcome_id");
      await visits.updateVisit(tx, schoolId, id, {
        leftAt,
        ...(body.outcome_id !== undefined ? { outcomeId: body.outcome_id } : {}),
        ...(body.treatment !== undefined ? { treatment: body.treatment } : {}),
        ...(body.vitals !== undefined ? { vitals: body.vitals } : {}),
        ...(body.notes !== undefined ? { notes: body.notes } : {}),
      });
      return visits.visitById(tx, schoolId, id);
    });
    return presentVisit(row!, access.student, viewer.language);
  }

  return { create, update };
}
