import { ROLE_FAMILIAR } from "@convive/domain";
import { and, count, eq } from "drizzle-orm";
import { rectificationRequests } from "../../db/schema/index.ts";
import type { StudentFileSection } from "../../lib/student-file-section.ts";

/**
 * The student file's "My data" tab (issue 30 §3, §4): for the student's family (their copy, their requests to
 * correct, who at the school read the records) and for the read-log holders, who answer the requests there. Its
 * count is the requests still open.
 */
export const familyCopyFileSection: StudentFileSection = {
  key: "my-data",
  order: 85,
  async count(tx, viewer, studentId) {
    // The file is open to this reader already: a family member reading it reads their own child's.
    const family = viewer.tenant.profileName === ROLE_FAMILIAR;
    if (!family && !viewer.tenant.grants.has("read-log")) return null;
    const [row] = await tx
      .select({ n: count() })
      .from(rectificationRequests)
      .where(
        and(
          eq(rectificationRequests.schoolId, viewer.tenant.schoolId),
          eq(rectificationRequests.studentId, studentId),
          eq(rectificationRequests.status, "open"),
        ),
      );
    return row?.n ?? 0;
  },
};
