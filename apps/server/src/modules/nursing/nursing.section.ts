import { perm, ROLE_FAMILIAR } from "@convive/domain";
import { count, eq } from "drizzle-orm";
import { infirmaryVisits } from "../../db/schema/index.ts";
import type { StudentFileSection } from "../../lib/student-file-section.ts";
import { forSchool } from "../../lib/tenant-db.ts";

/**
 * The student file's "Nursing" tab (issue 29 §4): for staff holding nursing.read and for the student's family; its
 * figure is the student's infirmary visits. Teachers get no tab: they see the health alert beside the name.
 */
export const nursingFileSection: StudentFileSection = {
  key: "nursing",
  order: 76,
  async count(tx, viewer, studentId) {
    if (viewer.tenant.profileName !== ROLE_FAMILIAR && !viewer.tenant.grants.has(perm("nursing", "read"))) return null;
    const [row] = await forSchool(tx, viewer.tenant.schoolId)
      .pick(infirmaryVisits, { n: count() })
      .where(eq(infirmaryVisits.studentId, studentId));
    return row?.n ?? 0;
  },
};
