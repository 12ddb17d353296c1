import type { StudentFileSection } from "../../lib/student-file-section.ts";
import { countReads } from "./read-log.repository.ts";

/** The student file's "Read log" tab, for readers holding `read-log` only; its count is the reads logged. */
export const readLogFileSection: StudentFileSection = {
  key: "read-log",
  // Last: it is about the file, not one more part of the student's record.
  order: 90,
  async count(tx, viewer, studentId) {
    if (!viewer.tenant.grants.has("read-log")) return null;
    return countReads(tx, viewer.tenant.schoolId, studentId);
  },
};
