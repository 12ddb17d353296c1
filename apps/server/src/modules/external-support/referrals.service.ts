import type { Referral, StudentReferrals } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Viewer } from "../incidents/index.ts";
import { canWrite, supportAccess } from "./access.ts";
import { AREA, CONSENT_FILE, consentGranted, FOLLOW_UP_FILE, schoolToday } from "./referral-rules.ts";
import { presentReferral, type ReferralExtras } from "./referrals.present.ts";
import * as repo from "./referrals.repository.ts";
import { createReferralWrites } from "./referrals.write.ts";
import { supportAttachmentsOf } from "./support-files.ts";

/** Referrals of one student: their follow-up entries, files, the consent now and the school's day. */
export async function extrasOf(
  db: Db,
  schoolId: string,
  studentId: number,
  referralIds: readonly number[],
): Promise<ReferralExtras> {
  const [followUps, consentFiles, consent, today] = await Promise.all([
    repo.followUpsOf(db, schoolId, referralIds),
    supportAttachmentsOf(db, schoolId, CONSENT_FILE, referralIds),
    consentGranted(db, schoolId, studentId),
    schoolToday(db, schoolId),
  ]);
  const followUpFiles = await supportAttachmentsOf(
    db,
    schoolId,
    FOLLOW_UP_FILE,
    followUps.map((f) => f.f.id),
  );
  return { followUps, followUpFiles, consentFiles, consentGranted: consent, today };
}

/**
 * A student's referrals to external specialists (issue 28 §1): read by the school's confidential readers in scope
 * and by the student's family (without internal notes or entries), 404 for anyone else; written by staff holding
 * external-support.create / update.
 */
export function createReferralsService(deps: { db: Db }) {
  const { db } = deps;

  async function forStudent(viewer: Viewer, studentId: number): Promise<StudentReferrals> {
    const { schoolId } = viewer.tenant;
    const access = await supportAccess(db, viewer, studentId, AREA);
    const rows = await repo.referralsOfStudent(db, schoolId, studentId);
    const extras = await extrasOf(
      db,
      schoolId,
      studentId,
      rows.map((r) => r.r.id),
    );
    return {
      student: access.student,
      referrals: rows.map((row) => presentReferral(row, extras, access, viewer)),
      can_create: canWrite(viewer, access, AREA, "create"),
      consent_granted: extras.consentGranted,
    };
  }

  /** The referral and the reader's access to its student; 404 when either is out of reach. */
  async function reach(viewer: Viewer, id: number) {
    const row = await repo.referralById(db, viewer.tenant.schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    return { row, access: await supportAccess(db, viewer, row.r.studentId, AREA) };
  }

  async function get(viewer: Viewer, id: number): Promise<Referral> {
    const { row, access } = await reach(viewer, id);
    const extras = await extrasOf(db, viewer.tenant.schoolId, row.r.studentId, [id]);
    return presentReferral(row, extras, access, viewer);
  }

  return { forStudent, get, reach, ...createReferralWrites({ db, get, reach }) };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
export type ReferralReach = ReferralsService["reach"];
