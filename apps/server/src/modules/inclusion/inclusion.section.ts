import { ROLE_FAMILIAR } from "@convive/domain";
import { and, count, eq, isNull } from "drizzle-orm";
import { conditionedEnrollments, studentConditions } from "../../db/schema/index.ts";
import type { StudentFileSection } from "../../lib/student-file-section.ts";
import { forSchool } from "../../lib/tenant-db.ts";

/**
 * The student file's "Inclusion" tab (issue 28 §2): for the school's confidential readers (inclusion.read) and the
 * student's family; its figure is the active conditions and the open conditioned enrollment. Teachers get no tab:
 * they see the adjustments from the marker beside the student's name.
 */
export const inclusionFileSection: StudentFileSection = {
  key: "inclusion",
  order: 74,
  async count(tx, viewer, studentId) {
    if (viewer.tenant.profileName !== ROLE_FAMILIAR && !viewer.tenant.grants.has("inclusion.read")) return null;
    const s = forSchool(tx, viewer.tenant.schoolId);
    const [[conditions], [enrollments]] = await Promise.all([
      s
        .pick(studentConditions, { n: count() })
        .where(eq(studentConditions.studentId, studentId), eq(studentConditions.active, true)),
      s
        .pick(conditionedEnrollments, { n: count() })
        .where(and(eq(conditionedEnrollments.studentId, studentId), isNull(conditionedEnrollments.outcome))),
    ]);
    return (conditions?.n ?? 0) + (enrollments?.n ?? 0);
  },
};
