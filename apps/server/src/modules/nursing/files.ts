import type { Db } from "../../db/client.ts";
import { registerSupportAttachmentOwner } from "../external-support/index.ts";
import { nursingAccess } from "./access.ts";
import { authorizationById } from "./medication.repository.ts";
import { AUTHORIZATION_FILE } from "./nursing.present.ts";

/**
 * A medication authorisation's signed paper lives in the shared support-file store; whoever reads the student's
 * medical record reads it (nursingAccess: nursing.read staff and the student's family; anyone else 404).
 */
export function registerNursingFiles(db: Db) {
  registerSupportAttachmentOwner(AUTHORIZATION_FILE, async (_tx, viewer, authorizationId) => {
    const row = await authorizationById(db, viewer.tenant.schoolId, authorizationId);
    if (!row) return null;
    await nursingAccess(db, viewer, row.studentId);
    return { studentId: row.studentId };
  });
}
