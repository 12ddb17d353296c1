import { perm, ROLE_FAMILIAR, type SupportStudent } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { groupLabel, labelledStudents } from "../external-support/index.ts";
import type { Viewer } from "../incidents/index.ts";
import { openableFile } from "../student-file/index.ts";

export interface NursingAccess {
  student: SupportStudent;
  /** A family member of the student (else staff holding nursing.read). */
  family: boolean;
}

/**
 * Who reads a student's medical record (issue 29 §4): staff holding nursing.read — the whole school, a nurse cares
 * for any student (the Enfermería and Director templates) — and the student's own family. Anyone else, the
 * student's teachers included, gets 404: they read the health alert only. Another school's student: 404.
 */
export async function nursingAccess(db: Db | Tx, viewer: Viewer, studentId: number): Promise<NursingAccess> {
  const { tenant } = viewer;
  if (tenant.profileName === ROLE_FAMILIAR) {
    const { row } = await openableFile(db as Db, viewer, studentId);
    return { student: { id: row.id, name: row.name, group: groupLabel(row, viewer.language) }, family: true };
  }
  if (!tenant.grants.has(perm("nursing", "read"))) throw new AppError("NOT_FOUND");
  const student = (await labelledStudents(db, tenant.schoolId, [studentId], viewer.language)).get(studentId);
  if (!student) throw new AppError("NOT_FOUND");
  return { student, family: false };
}

/** Staff holding nursing.`action`; a reader without it gets 403, a family member too. */
export function requireNurse(viewer: Viewer, access: NursingAccess, action: "create" | "update") {
  if (access.family || !viewer.tenant.grants.has(perm("nursing", action))) throw new AppError("FORBIDDEN");
}
