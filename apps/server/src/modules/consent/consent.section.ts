import type { StudentFileSection } from "../../lib/student-file-section.ts";
import { consentState } from "./consent.service.ts";

/**
 * The student file's "Consent" tab: for everyone who opens the file (the family grants and withdraws there, staff
 * read the state); its count is the categories granted.
 */
export const consentFileSection: StudentFileSection = {
  key: "consent",
  // Near the end: it is about what the school may keep, not one more record of the student; before the read log.
  order: 80,
  async count(tx, viewer, studentId) {
    const state = await consentState(tx, viewer.tenant.schoolId, studentId);
    return Object.values(state).filter(Boolean).length;
  },
};
