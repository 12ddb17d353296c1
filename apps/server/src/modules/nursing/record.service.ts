import {
  applyProposal,
  criticalItems,
  type DecideProposalBody,
  EMPTY_MEDICAL_RECORD,
  type ErrorCode,
  extraFieldErrors,
  type MedicalRecordBody,
  type ProposalBody,
  type StudentNursing,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { requireConsent } from "../consent/index.ts";
import type { Viewer } from "../incidents/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { nursingAccess, requireNurse } from "./access.ts";
import * as config from "./config.repository.ts";
import { familyNursingLink, nurseDeskLink } from "./family-notice.ts";
import type { NursingReads } from "./nursing.service.ts";
import * as records from "./record.repository.ts";

const bodyOf = (row: records.RecordRow | undefined): MedicalRecordBody =>
  row
    ? {
        blood_type: row.bloodType as MedicalRecordBody["blood_type"],
        allergies: row.allergies,
        conditions: row.conditions,
        medication: row.medication,
        insurance_provider: row.insuranceProvider,
        insurance_policy: row.insurancePolicy,
        emergency_contacts: row.emergencyContacts,
        extra: row.extra,
      }
    : EMPTY_MEDICAL_RECORD;

/** Refuses extra values that do not fit the school's configured fields (422 with the field errors). */
async function checkExtra(tx: Tx, schoolId: string, extra: Record<string, string> | undefined) {
  if (!extra || Object.keys(extra).length === 0) return;
  const fields = (await config.fieldsOf(tx, schoolId)).map((f) => ({
    id: f.id,
    kind: f.kind as "text",
    choices: f.choices,
    active: f.active,
  }));
  const errors = extraFieldErrors(fields, extra);
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION", errors as Record<string, ErrorCode>);
}

/** Storing health data needs the family's `health` consent (409 CONSENT_MISSING_HEALTH, nothing stored). */
async function store(tx: Tx, schoolId: string, studentId: number, body: MedicalRecordBody, userId: number) {
  await requireConsent(tx, schoolId, studentId, "health");
  await checkExtra(tx, schoolId, body.extra);
  await records.saveRecord(tx, schoolId, studentId, body, userId, criticalItems(body).length > 0);
}

/** The medical record's writes (issue 29 §4): the nurse's edits, the family's proposals and her decisions. */
export function createRecordWrites(deps: { db: Db; reads: NursingReads; notifications: NotificationsService }) {
  const { db, reads } = deps;

  /** PUT /api/students/:id/medical-record (nursing.create for a first record, nursing.update after). */
  async function save(viewer: Viewer, studentId: number, body: MedicalRecordBody): Promise<StudentNursing> {
    const { schoolId } = viewer.tenant;
    const access = await nursingAccess(db, viewer, studentId);
    const existing = await records.recordOf(db, schoolId, studentId);
    requireNurse(viewer, access, existing ? "update" : "create");
    return db.transaction(async (tx) => {
      await store(tx, schoolId, studentId, body, viewer.userId);
      return reads.view(tx, viewer, studentId, access);
    });
  }

  /**
   * POST /api/students/:id/medical-record/proposals: a family member of the student proposes; staff 403. The
   * school's nurses (nursing.update) are told in the same transaction, linked to the student on their desk.
   */
  async function propose(viewer: Viewer, studentId: number, body: ProposalBody): Promise<StudentNursing> {
    const { schoolId } = viewer.tenant;
    const access = await nursingAccess(db, viewer, studentId);
    if (!access.family) throw new AppError("FORBIDDEN");
    let publish = () => {};
    const answer = await db.transaction(async (tx) => {
      // What a family writes about their child's health is health data too: the same consent first.
      await requireConsent(tx, schoolId, studentId, "health");
      await checkExtra(tx, schoolId, body.changes.extra);
      await records.insertProposal(tx, schoolId, {
        studentId,
        changes: body.changes as Record<string, unknown>,
        note: body.note,
        proposedBy: viewer.userId,
      });
      const nurses = (await records.nursesOf(tx, schoolId)).filter((id) => id !== viewer.userId);
      const done = await deps.notifications.notify(tx, {
        schoolId,
        userIds: nurses,
        type: "nursing.proposal.new",
        params: { student: access.student.name },
        link: nurseDeskLink(studentId),
      });
      publish = done.publish;
      return reads.view(tx, viewer, studentId, access);
    });
    publish();
    return answer;
  }

  /**
   * POST /api/nursing/proposals/:id/decision (nursing.update): approving applies the proposed parts to the record
   * (consent checked again: it may have been withdrawn since); either way the proposer is told. A proposal decided
   * meanwhile: 409 NURSING_PROPOSAL_DECIDED.
   */
  async function decide(viewer: Viewer, proposalId: number, body: DecideProposalBody): Promise<StudentNursing> {
    const { schoolId } = viewer.tenant;
    const proposal = await records.proposalById(db, schoolId, proposalId);
    if (!proposal) throw new AppError("NOT_FOUND");
    const access = await nursingAccess(db, viewer, proposal.studentId);
    requireNurse(viewer, access, "update");
    if (proposal.status !== "pending") throw new AppError("NURSING_PROPOSAL_DECIDED");
    const approve = body.decision === "approve";
    let publish = () => {};
    const answer = await db.transaction(async (tx) => {
      const decided = await records.decideProposal(tx, schoolId, proposalId, {
        status: approve ? "approved" : "rejected",
        decidedBy: viewer.userId,
        decisionNote: body.note,
      });
      if (!decided) throw new AppError("NURSING_PROPOSAL_DECIDED");
      if (approve) {
        const current = bodyOf(await records.recordOf(tx, schoolId, proposal.studentId));
        const next = applyProposal(current, proposal.changes as ProposalBody["changes"]);
        await store(tx, schoolId, proposal.studentId, next, viewer.userId);
      }
      const done = await deps.notifications.notify(tx, {
        schoolId,
        userIds: [proposal.proposedBy],
        type: approve ? "nursing.proposal.approved" : "nursing.proposal.rejected",
        params: { student: access.student.name },
        link: familyNursingLink(proposal.studentId),
      });
      publish = done.publish;
      return reads.view(tx, viewer, proposal.studentId, access);
    });
    publish();
    return answer;
  }

  return { save, propose, decide };
}
