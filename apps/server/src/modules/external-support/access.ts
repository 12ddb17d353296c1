import { type Action, type Language, perm, type SupportStudent } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Viewer } from "../incidents/index.ts";
import { openableFile } from "../student-file/index.ts";

/** The two confidential areas of issue 28. */
export type SupportArea = "external-support" | "inclusion";

export interface SupportAccess {
  student: SupportStudent;
  /** The reader is a family member of the student (else staff holding the area's read). */
  family: boolean;
}

/** "Primaria 3° A" ("Primary 3° A" for a reader of English when the school named the level in English). */
export const groupLabel = (
  row: {
    group_name: string | null;
    grade_name: string | null;
    section_name: string | null;
    section_name_en: string | null;
  },
  language: Language | undefined,
) =>
  row.group_name === null
    ? null
    : [(language === "en" ? row.section_name_en : null) ?? row.section_name, row.grade_name, row.group_name]
        .filter(Boolean)
        .join(" ");

/**
 * Who reads a student's external support or inclusion records (issue 28 §1, §4): the staff who may open the student's
 * file (the file's own rule: data scope, derived on every call) AND hold the area's read permission — the school's
 * confidential readers, Orientador and Director by default — and the student's own family. Anyone else, including a
 * teacher of the student and another school, gets 404: that such a record exists is itself confidential.
 */
export async function supportAccess(
  db: Db,
  viewer: Viewer,
  studentId: number,
  area: SupportArea,
): Promise<SupportAccess> {
  const { row, family } = await openableFile(db, viewer, studentId);
  if (!family && !viewer.tenant.grants.has(perm(area, "read"))) throw new AppError("NOT_FOUND");
  return { student: { id: row.id, name: row.name, group: groupLabel(row, viewer.language) }, family };
}

/** Staff holding the area's `action` write; a reader without it gets 403, a family member too. */
export function requireWrite(viewer: Viewer, access: SupportAccess, area: SupportArea, action: Action) {
  if (access.family || !viewer.tenant.grants.has(perm(area, action))) throw new AppError("FORBIDDEN");
}

export const canWrite = (viewer: Viewer, access: SupportAccess, area: SupportArea, action: Action) =>
  !access.family && viewer.tenant.grants.has(perm(area, action));
