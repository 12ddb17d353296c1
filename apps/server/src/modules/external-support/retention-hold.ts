import { inArray, ne } from "drizzle-orm";
import { referrals } from "../../db/schema/index.ts";
import type { RetentionHold } from "../../lib/retention-holds.ts";
import { forSchool } from "../../lib/tenant-db.ts";

/** Issue 30 §5: a student with a referral not closed keeps every record (requested or in progress). */
export const openReferralHold: RetentionHold = {
  key: "external-support.open-referral",
  label: { es: "Canalización externa abierta", en: "Open external referral" },
  async heldStudents(tx, schoolId, studentIds) {
    if (studentIds.length === 0) return new Set();
    const rows = await forSchool(tx, schoolId)
      .pick(referrals, { studentId: referrals.studentId })
      .where(inArray(referrals.studentId, studentIds), ne(referrals.status, "closed"));
    return new Set(rows.map((r) => r.studentId));
  },
};
