import type { AdministrationBody, AuthorizationBody, StudentNursing } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { requireConsent } from "../consent/index.ts";
import { claimSupportAttachments, schoolToday } from "../external-support/index.ts";
import type { Viewer } from "../incidents/index.ts";
import { nursingAccess, requireNurse } from "./access.ts";
import type { TellFamily } from "./family-notice.ts";
import * as medication from "./medication.repository.ts";
import { AUTHORIZATION_FILE } from "./nursing.present.ts";
import type { NursingReads } from "./nursing.service.ts";
import * as visits from "./visits.repository.ts";

/**
 * Medication (issue 29 §4): the family's authorisation — given by a family member in the app, or recorded by the
 * nurse with the signed paper — and the log of every dose given under one (medicine, dose, time, who gave it).
 */
export function createMedicationWrites(deps: { db: Db; reads: NursingReads; tellFamily: TellFamily }) {
  const { db, reads, tellFamily } = deps;

  /** POST /api/students/:id/medication-authorizations: the student's family, or staff holding nursing.create. */
  async function authorize(viewer: Viewer, studentId: number, body: AuthorizationBody): Promise<StudentNursing> {
    const { schoolId } = viewer.tenant;
    const access = await nursingAccess(db, viewer, studentId);
    if (!access.family) requireNurse(viewer, access, "create");
    return db.transaction(async (tx) => {
      await requireConsent(tx, schoolId, studentId, "health");
      const id = await medication.insertAuthorization(tx, schoolId, {
        studentId,
        medicine: body.medicine,
        dose: body.dose,
        instructions: body.instructions,
        validFrom: body.valid_from,
        validUntil: body.valid_until,
        source: access.family ? "family" : "nurse",
        givenBy: viewer.userId,
      });
      if (body.document_id !== null) {
        await claimSupportAttachments(tx, schoolId, viewer.userId, [body.document_id], AUTHORIZATION_FILE, id);
      }
      return reads.view(tx, viewer, studentId, access);
    });
  }

  /** PATCH /api/medication-authorizations/:id: the nurse (nursing.update) switches it on or off; the family withdraws. */
  async function setActive(viewer: Viewer, id: number, active: boolean): Promise<StudentNursing> {
    const { schoolId } = viewer.tenant;
    const row = await medication.authorizationById(db, schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    const access = await nursingAccess(db, viewer, row.studentId);
    if (access.family ? active : false) throw new AppError("FORBIDDEN");
    if (!access.family) requireNurse(viewer, access, "update");
    return db.transaction(async (tx) => {
      await medication.setAuthorizationActive(tx, schoolId, id, active);
      return reads.view(tx, viewer, row.studentId, access);
    });
  }

  /**
   * POST /api/students/:id/medication-administrations (nursing.create): a dose under an authorisation of this
   * student, active and valid today (409 NURSING_AUTHORIZATION_INACTIVE otherwise); the family is told.
   */
  async function administer(viewer: Viewer, studentId: number, body: AdministrationBody): Promise<StudentNursing> {
    const { schoolId } = viewer.tenant;
    const access = await nursingAccess(db, viewer, studentId);
    requireNurse(viewer, access, "create");
    const auth = await medication.authorizationById(db, schoolId, body.authorization_id);
    const today = await schoolToday(db, schoolId);
    const valid =
      auth?.studentId === studentId &&
      auth.active &&
      auth.validFrom <= today &&
      (auth.validUntil === null || auth.validUntil >= today);
    if (!valid) throw new AppError("NURSING_AUTHORIZATION_INACTIVE");
    if (body.visit_id !== null) {
      const visit = await visits.visitById(db, schoolId, body.visit_id);
      if (visit?.v.studentId !== studentId) throw new AppError("VALIDATION", { visit_id: "NOT_FOUND" });
    }
    const givenAt = body.given_at ? new Date(body.given_at) : new Date();
    let publish = () => {};
    const answer = await db.transaction(async (tx) => {
      await medication.insertAdministration(tx, schoolId, {
        studentId,
        authorizationId: auth.id,
        dose: body.dose,
        givenAt,
        givenBy: viewer.userId,
        visitId: body.visit_id,
        notes: body.notes,
      });
      const told = await tellFamily(tx, {
        schoolId,
        studentId,
        type: "nursing.medication",
        params: { student: access.student.name, medicine: auth.medicine, dose: body.dose, at: givenAt.toISOString() },
      });
      publish = told.publish;
      return reads.view(tx, viewer, studentId, access);
    });
    publish();
    return answer;
  }

  return { authorize, setActive, administer };
}
