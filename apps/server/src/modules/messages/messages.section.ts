import { count, eq } from "drizzle-orm";
import { messages } from "../../db/schema/index.ts";
import type { StudentFileSection } from "../../lib/student-file-section.ts";
import { forSchool } from "../../lib/tenant-db.ts";

/**
 * The student file's "Messages" tab (issue 27 §1): for whoever opens the file and holds messages.read — the
 * student's team and family, exactly the conversation's readers, since the file is open to them already; its
 * count is the conversation's messages.
 */
export const messagesFileSection: StudentFileSection = {
  key: "messages",
  // After the student's records (incidents, follow-up, points), before consent and the read log.
  order: 70,
  async count(tx, viewer, studentId) {
    if (!viewer.tenant.grants.has("messages.read")) return null;
    const [row] = await forSchool(tx, viewer.tenant.schoolId)
      .pick(messages, { n: count() })
      .where(eq(messages.studentId, studentId));
    return row?.n ?? 0;
  },
};
