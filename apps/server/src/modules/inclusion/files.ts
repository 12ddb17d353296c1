import type { Db } from "../../db/client.ts";
import { registerSupportAttachmentOwner, supportAccess } from "../external-support/index.ts";
import { conditionById } from "./conditions.repository.ts";
import { enrollmentById } from "./enrollments.repository.ts";
import { CONDITION_FILE, SIGNED_LETTER_FILE } from "./inclusion.present.ts";
import { AREA } from "./inclusion.service.ts";

/**
 * Who reads inclusion's files in the shared support-file store: a condition's documents (diagnosis, reports) and a
 * carta compromiso's signed paper go to whoever reads the student's inclusion record — its confidential readers in
 * scope and the student's family (supportAccess: 404 for anyone else, teachers included).
 */
export function registerInclusionFiles(db: Db) {
  registerSupportAttachmentOwner(CONDITION_FILE, async (_tx, viewer, conditionId) => {
    const row = await conditionById(db, viewer.tenant.schoolId, conditionId);
    if (!row) return null;
    await supportAccess(db, viewer, row.c.studentId, AREA);
    return { studentId: row.c.studentId };
  });
  registerSupportAttachmentOwner(SIGNED_LETTER_FILE, async (_tx, viewer, enrollmentId) => {
    const row = await enrollmentById(db, viewer.tenant.schoolId, enrollmentId);
    if (!row) return null;
    await supportAccess(db, viewer, row.e.studentId, AREA);
    return { studentId: row.e.studentId };
  });
}
