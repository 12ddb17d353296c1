import type { Db } from "../../db/client.ts";
import { supportAccess } from "./access.ts";
import { AREA, CONSENT_FILE, FOLLOW_UP_FILE } from "./referral-rules.ts";
import * as repo from "./referrals.repository.ts";
import { registerSupportAttachmentOwner } from "./support-files.ts";

/**
 * Who reads a referral's files: whoever reads the referral (its student's confidential readers in scope and the
 * student's family; supportAccess throws 404 for anyone else) — a family never an internal entry's files.
 */
export function registerReferralFiles(db: Db) {
  registerSupportAttachmentOwner(CONSENT_FILE, async (_tx, viewer, referralId) => {
    const row = await repo.referralById(db, viewer.tenant.schoolId, referralId);
    if (!row) return null;
    await supportAccess(db, viewer, row.r.studentId, AREA);
    return { studentId: row.r.studentId };
  });
  registerSupportAttachmentOwner(FOLLOW_UP_FILE, async (_tx, viewer, followUpId) => {
    const entry = await repo.followUpById(db, viewer.tenant.schoolId, followUpId);
    const row = entry && (await repo.referralById(db, viewer.tenant.schoolId, entry.referralId));
    if (!entry || !row) return null;
    const access = await supportAccess(db, viewer, row.r.studentId, AREA);
    return access.family && entry.internal ? null : { studentId: row.r.studentId };
  });
}
