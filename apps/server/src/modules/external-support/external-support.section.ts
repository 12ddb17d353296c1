import { ROLE_FAMILIAR } from "@convive/domain";
import { count, eq } from "drizzle-orm";
import { referrals } from "../../db/schema/index.ts";
import type { StudentFileSection } from "../../lib/student-file-section.ts";
import { forSchool } from "../../lib/tenant-db.ts";

/**
 * The student file's "External support" tab (issue 28 §1): for the school's confidential readers (external-support.read)
 * and the student's family — the file has already checked that the viewer may open it; a teacher gets no tab.
 */
export const externalSupportFileSection: StudentFileSection = {
  key: "external-support",
  order: 72,
  async count(tx, viewer, studentId) {
    const family = viewer.tenant.profileName === ROLE_FAMILIAR;
    if (!family && !viewer.tenant.grants.has("external-support.read")) return null;
    const [row] = await forSchool(tx, viewer.tenant.schoolId)
      .pick(referrals, { n: count() })
      .where(eq(referrals.studentId, studentId));
    return row?.n ?? 0;
  },
};
