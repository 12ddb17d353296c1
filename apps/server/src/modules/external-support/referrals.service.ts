import {
  type CreateReferralBody,
  type FollowUpBody,
  type Language,
  type Referral,
  type ReferralFollowUp,
  type StudentReferrals,
  todayIn,
  type UpdateReferralBody,
} from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { requireConsent } from "../consent/index.ts";
import type { Viewer } from "../incidents/index.ts";
import { canWrite, requireWrite, type SupportAccess, supportAccess } from "./access.ts";
import * as repo from "./referrals.repository.ts";

const AREA = "external-support" as const;

/** The school's calendar day now: review dates are days of the school, not of the server. */
export async function schoolToday(tx: Tx, schoolId: string) {
  const [row] = await tx.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return todayIn(row?.tz ?? "America/Mexico_City");
}

type FollowUpRow = Awaited<ReturnType<typeof repo.followUpsOf>>[number];

const label = (names: { name: string; nameEn: string }, language: Language | undefined) =>
  language === "en" ? names.nameEn : names.name;

/** A referral as the reader sees it: a family member gets neither the internal notes nor the internal entries. */
function present(
  row: repo.ReferralRow,
  followUps: FollowUpRow[],
  access: SupportAccess,
  viewer: Viewer,
  consentGranted: boolean,
  today: string,
): Referral {
  const r = row.r;
  const entries: ReferralFollowUp[] = followUps
    .filter((f) => f.f.referralId === r.id && (!access.family || !f.f.internal))
    .map((f) => ({
      id: f.f.id,
      author: { id: f.f.authorId, name: f.authorName, role: "", family: false },
      body: f.f.body,
      internal: f.f.internal,
      created_at: f.f.createdAt.toISOString(),
      attachments: [],
    }));
  return {
    id: r.id,
    student: access.student,
    trainer_type: {
      id: r.trainerTypeId,
      label: label({ name: row.typeName, nameEn: row.typeNameEn }, viewer.language),
    },
    specialist: r.specialist,
    institution: r.institution,
    contact: r.contact,
    reason: r.reason,
    status: r.status as Referral["status"],
    outcome: r.outcome,
    start_date: r.startDate,
    next_review_date: r.nextReviewDate,
    review_due: r.status !== "closed" && r.nextReviewDate !== null && r.nextReviewDate <= today,
    responsible: r.responsibleId === null ? null : { id: r.responsibleId, name: row.responsibleName },
    consent: { granted: consentGranted, document: null },
    internal_notes: access.family ? null : r.internalNotes,
    incident_id: r.incidentId,
    created_by: { id: r.createdBy, name: row.creatorName },
    created_at: r.createdAt.toISOString(),
    follow_ups: entries,
    can_edit: r.status !== "closed" && canWrite(viewer, access, AREA, "update"),
  };
}

export function createReferralsService(deps: { db: Db }) {
  const { db } = deps;

  async function granted(tx: Tx, schoolId: string, studentId: number) {
    try {
      await requireConsent(tx, schoolId, studentId, "external_support");
      return true;
    } catch {
      return false;
    }
  }

  async function forStudent(viewer: Viewer, studentId: number): Promise<StudentReferrals> {
    const { schoolId } = viewer.tenant;
    const access = await supportAccess(db, viewer, studentId, AREA);
    const [rows, consent, today] = await Promise.all([
      repo.referralsOfStudent(db, schoolId, studentId),
      granted(db, schoolId, studentId),
      schoolToday(db, schoolId),
    ]);
    const followUps = await repo.followUpsOf(
      db,
      schoolId,
      rows.map((r) => r.r.id),
    );
    return {
      student: access.student,
      referrals: rows.map((row) => present(row, followUps, access, viewer, consent, today)),
      can_create: canWrite(viewer, access, AREA, "create"),
      consent_granted: consent,
    };
  }

  /** The referral and the reader's access to its student; 404 when either is out of reach. */
  async function reach(viewer: Viewer, id: number) {
    const row = await repo.referralById(db, viewer.tenant.schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    return { row, access: await supportAccess(db, viewer, row.r.studentId, AREA) };
  }

  async function get(viewer: Viewer, id: number): Promise<Referral> {
    const { schoolId } = viewer.tenant;
    const { row, access } = await reach(viewer, id);
    const [followUps, consent, today] = await Promise.all([
      repo.followUpsOf(db, schoolId, [id]),
      granted(db, schoolId, row.r.studentId),
      schoolToday(db, schoolId),
    ]);
    return present(row, followUps, access, viewer, consent, today);
  }

  async function checkResponsible(tx: Tx, schoolId: string, userId: number) {
    if (!(await repo.memberHolds(tx, schoolId, userId, "external-support.read"))) {
      throw new AppError("SUPPORT_RESPONSIBLE_INVALID", { responsible_id: "SUPPORT_RESPONSIBLE_INVALID" });
    }
  }

  async function create(viewer: Viewer, studentId: number, body: CreateReferralBody): Promise<Referral> {
    const { schoolId } = viewer.tenant;
    const access = await supportAccess(db, viewer, studentId, AREA);
    requireWrite(viewer, access, AREA, "create");
    if (body.consent_document_id !== null) throw new AppError("SUPPORT_ATTACHMENT_UNAVAILABLE");
    const id = await db.transaction(async (tx) => {
      // The family's express consent (LFPDPPP), checked where the record is stored: a withdrawal that commits
      // first refuses this one.
      await requireConsent(tx, schoolId, studentId, "external_support");
      const type = await repo.trainerType(tx, schoolId, body.trainer_type_id);
      if (!type?.active) throw new AppError("SUPPORT_TYPE_INACTIVE", { trainer_type_id: "SUPPORT_TYPE_INACTIVE" });
      const responsibleId = body.responsible_id ?? viewer.userId;
      await checkResponsible(tx, schoolId, responsibleId);
      if (body.incident_id !== null && !(await repo.incidentOfStudent(tx, schoolId, body.incident_id, studentId))) {
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
      return row!.id;
    });
    return get(viewer, id);
  }

  async function update(viewer: Viewer, id: number, body: UpdateReferralBody): Promise<Referral> {
    const { schoolId } = viewer.tenant;
    const { row, access } = await reach(viewer, id);
    requireWrite(viewer, access, AREA, "update");
    if (row.r.status === "closed") throw new AppError("REFERRAL_CLOSED");
    if (body.consent_document_id) throw new AppError("SUPPORT_ATTACHMENT_UNAVAILABLE");
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
    });
    return get(viewer, id);
  }

  async function addFollowUp(viewer: Viewer, id: number, body: FollowUpBody): Promise<ReferralFollowUp> {
    const { schoolId } = viewer.tenant;
    const { row, access } = await reach(viewer, id);
    requireWrite(viewer, access, AREA, "update");
    if (row.r.status === "closed") throw new AppError("REFERRAL_CLOSED");
    if (body.attachment_ids.length > 0) throw new AppError("SUPPORT_ATTACHMENT_UNAVAILABLE");
    const [created] = await repo.insertFollowUp(db, schoolId, {
      referralId: id,
      authorId: viewer.userId,
      body: body.body,
      internal: body.internal,
    });
    const referral = await get(viewer, id);
    const entry = referral.follow_ups.find((f) => f.id === created!.id);
    if (!entry) throw new AppError("NOT_FOUND");
    return entry;
  }

  return { forStudent, get, create, update, addFollowUp };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
