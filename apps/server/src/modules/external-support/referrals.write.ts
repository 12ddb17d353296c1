import type { CreateReferralBody, FollowUpBody, Referral, ReferralFollowUp, UpdateReferralBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { requireConsent } from "../consent/index.ts";
import { incidentsWhere, resolveScope, type Viewer } from "../incidents/index.ts";
import { requireWrite, type SupportAccess, supportAccess } from "./access.ts";
import { AREA, CONSENT_FILE, CONSENT_FILE_REPLACED, FOLLOW_UP_FILE } from "./referral-rules.ts";
import * as repo from "./referrals.repository.ts";
import * as files from "./support-files.repository.ts";
import { claimSupportAttachments } from "./support-files.ts";

interface Reads {
  db: Db;
  get: (viewer: Viewer, id: number) => Promise<Referral>;
  reach: (viewer: Viewer, id: number) => Promise<{ row: repo.ReferralRow; access: SupportAccess }>;
}

const invalid = (code: "SUPPORT_RESPONSIBLE_INVALID" | "SUPPORT_TYPE_INACTIVE", field: string) =>
  new AppError(code, { [field]: code });

/** The responsible is reminded and reads the record: an active member holding external-support.read. */
async function checkResponsible(tx: Tx, schoolId: string, userId: number) {
  if (!(await repo.memberHolds(tx, schoolId, userId, "external-support.read"))) {
    throw invalid("SUPPORT_RESPONSIBLE_INVALID", "responsible_id");
  }
}

/** Opening, changing and following up a referral (external-support.create / update; 404 outside the reader's reach). */
export function createReferralWrites({ db, get, reach }: Reads) {
  async function create(viewer: Viewer, studentId: number, body: CreateReferralBody): Promise<Referral> {
    const { schoolId } = viewer.tenant;
    const access = await supportAccess(db, viewer, studentId, AREA);
    requireWrite(viewer, access, AREA, "create");
    // A referral from an incident: one of the student's incidents the reader sees, else it does not exist (404).
    const visible = body.incident_id === null ? undefined : incidentsWhere(await resolveScope(db, viewer));
    const id = await db.transaction(async (tx) => {
      // The family's express consent (LFPDPPP), checked where the record is stored: a withdrawal that commits
      // first refuses this one.
      await requireConsent(tx, schoolId, studentId, "external_support");
      const type = await repo.trainerType(tx, schoolId, body.trainer_type_id);
      if (!type?.active) throw invalid("SUPPORT_TYPE_INACTIVE", "trainer_type_id");
      const responsibleId = body.responsible_id ?? viewer.userId;
      await checkResponsible(tx, schoolId, responsibleId);
      if (
        body.incident_id !== null &&
        !(await repo.incidentOfStudent(tx, schoolId, body.incident_id, studentId, visible))
      ) {
        throw new AppError("NOT_FOUND");
      }
      const [row] = await repo.insertReferral(tx, schoolId, {
        studentId,
        trainerTypeId: body.trainer_type_id,
        specialist: body.specialist,
        institution: body.institution,
        contact: body.contact,
        reason: body.reason,
        startDate: body.start_date,
        nextReviewDate: body.next_review_date,
        responsibleId,
        internalNotes: body.internal_notes,
        incidentId: body.incident_id,
        createdBy: viewer.userId,
      });
      const referralId = row!.id;
      if (body.consent_document_id !== null) {
        await claimSupportAttachments(
          tx,
          schoolId,
          viewer.userId,
          [body.consent_document_id],
          CONSENT_FILE,
          referralId,
        );
      }
      if (body.incident_id !== null) {
        await repo.noteOnTimeline(tx, schoolId, {
          incidentId: body.incident_id,
          userId: viewer.userId,
          referralId,
          studentId,
        });
      }
      return referralId;
    });
    return get(viewer, id);
  }

  async function update(viewer: Viewer, id: number, body: UpdateReferralBody): Promise<Referral> {
    const { schoolId } = viewer.tenant;
    const { row, access } = await reach(viewer, id);
    requireWrite(viewer, access, AREA, "update");
    // Closed is final: no change, and no reopening (a new referral is opened instead).
    if (row.r.status === "closed") throw new AppError("REFERRAL_CLOSED");
    const outcome = body.outcome ?? row.r.outcome ?? "";
    if (body.status === "closed" && outcome.trim() === "") {
      throw new AppError("REFERRAL_OUTCOME_REQUIRED", { outcome: "REFERRAL_OUTCOME_REQUIRED" });
    }
    await db.transaction(async (tx) => {
      if (body.responsible_id !== undefined) await checkResponsible(tx, schoolId, body.responsible_id);
      await repo.updateReferral(tx, schoolId, id, {
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(body.outcome !== undefined ? { outcome: body.outcome } : {}),
        ...(body.specialist !== undefined ? { specialist: body.specialist } : {}),
        ...(body.institution !== undefined ? { institution: body.institution } : {}),
        ...(body.contact !== undefined ? { contact: body.contact } : {}),
        ...(body.next_review_date !== undefined ? { nextReviewDate: body.next_review_date } : {}),
        ...(body.responsible_id !== undefined ? { responsibleId: body.responsible_id } : {}),
        ...(body.internal_notes !== undefined ? { internalNotes: body.internal_notes } : {}),
      });
      if (body.consent_document_id !== undefined) {
        // The signed document replaced (or removed): the earlier one is kept but no longer shown.
        await files.reassign(tx, schoolId, { kind: CONSENT_FILE, id }, CONSENT_FILE_REPLACED);
        if (body.consent_document_id !== null) {
          await claimSupportAttachments(tx, schoolId, viewer.userId, [body.consent_document_id], CONSENT_FILE, id);
        }
      }
    });
    return get(viewer, id);
  }

  async function addFollowUp(viewer: Viewer, id: number, body: FollowUpBody): Promise<ReferralFollowUp> {
    const { schoolId } = viewer.tenant;
    const { row, access } = await reach(viewer, id);
    requireWrite(viewer, access, AREA, "update");
    if (row.r.status === "closed") throw new AppError("REFERRAL_CLOSED");
    const followUpId = await db.transaction(async (tx) => {
      const [created] = await repo.insertFollowUp(tx, schoolId, {
        referralId: id,
        authorId: viewer.userId,
        body: body.body,
        internal: body.internal,
      });
      await claimSupportAttachments(tx, schoolId, viewer.userId, body.attachment_ids, FOLLOW_UP_FILE, created!.id);
      return created!.id;
    });
    const entry = (await get(viewer, id)).follow_ups.find((f) => f.id === followUpId);
    if (!entry) throw new AppError("NOT_FOUND");
    return entry;
  }

  return { create, update, addFollowUp };
}
