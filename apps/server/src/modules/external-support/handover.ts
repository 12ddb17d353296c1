import { asc, count, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { referrals, students, trainerTypes } from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { rowIds, type WorkHandover } from "../../lib/work-handover.ts";
import { AREA } from "./referral-rules.ts";
import { memberHolds } from "./referrals.repository.ts";

/**
 * Issue 31 §2: the open referrals (requested or in progress) a user is responsible for. The receiver must be
 * able to be responsible for one — an active member who reads external support (422
 * SUPPORT_RESPONSIBLE_INVALID, the referral's own rule). The list names the student only to readers of external
 * support (issue 28: confidential); the others see the specialist's kind and the next review.
 */
export const referralsHandover: WorkHandover = {
  kind: "referrals",

  async countByUser(tx, schoolId) {
    const rows = await tx
      .select({ userId: referrals.responsibleId, n: count() })
      .from(referrals)
      .where(ofSchool(referrals, schoolId, ne(referrals.status, "closed"), isNotNull(referrals.responsibleId)))
      .groupBy(referrals.responsibleId);
    return new Map(rows.map((r) => [r.userId!, r.n]));
  },

  async held(tx, schoolId, userId, reader) {
    const confidential = reader.grants.has(`${AREA}.read`);
    const rows = await tx
      .select({
        id: referrals.id,
        specialist: referrals.specialist,
        nextReview: referrals.nextReviewDate,
        type: trainerTypes.name,
        typeEn: trainerTypes.nameEn,
        student: personName(students),
      })
      .from(referrals)
      .innerJoin(trainerTypes, sameSchool(trainerTypes, referrals, eq(trainerTypes.id, referrals.trainerTypeId)))
      .innerJoin(students, sameSchool(students, referrals, eq(students.id, referrals.studentId)))
      .where(ofSchool(referrals, schoolId, ne(referrals.status, "closed"), eq(referrals.responsibleId, userId)))
      .orderBy(asc(referrals.nextReviewDate), asc(referrals.id));
    return rows.map((r) => ({
      id: String(r.id),
      title: reader.lang === "en" ? r.typeEn : r.type,
      detail: confidential ? `${r.student} · ${r.specialist}` : r.specialist,
      folio: null,
      when: r.nextReview,
      href: null,
    }));
  },

  async check(tx, schoolId, move) {
    const allowed = await memberHolds(tx, schoolId, move.to, `${AREA}.read`);
    return { problem: allowed ? null : { code: "SUPPORT_RESPONSIBLE_INVALID" }, merged: new Set() };
  },

  async apply(tx, schoolId, move) {
    await tx
      .update(referrals)
      .set({ responsibleId: move.to })
      .where(
        ofSchool(
          referrals,
          schoolId,
          ne(referrals.status, "closed"),
          eq(referrals.responsibleId, move.from),
          inArray(referrals.id, rowIds(move.ids)),
        ),
      );
  },
};
