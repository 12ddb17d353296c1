import type { StudentAdjustments, StudentInclusion } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { consentState } from "../consent/index.ts";
import {
  canWrite,
  groupLabel,
  type SupportAccess,
  supportAccess,
  supportAttachmentsOf,
} from "../external-support/index.ts";
import type { Viewer } from "../incidents/index.ts";
import { openableFile } from "../student-file/index.ts";
import * as conditions from "./conditions.repository.ts";
import * as enrollments from "./enrollments.repository.ts";
import { CONDITION_FILE, presentCondition, presentEnrollment, SIGNED_LETTER_FILE } from "./inclusion.present.ts";
import { activeAdjustmentsOf } from "./markers.repository.ts";

export const AREA = "inclusion" as const;

/**
 * Reading a student's inclusion record (issue 28 §2, §3): the whole record for its confidential readers and the
 * student's family (supportAccess: anyone else 404), and the adjustments alone for the student's teachers.
 */
export function createInclusionReads(deps: { db: Db }) {
  const { db } = deps;

  /** The record as this reader may see it; `access` is the reader's, already checked. */
  async function record(tx: Tx, viewer: Viewer, studentId: number, access: SupportAccess): Promise<StudentInclusion> {
    const { schoolId } = viewer.tenant;
    const [conditionRows, enrollmentRows, consent] = await Promise.all([
      conditions.conditionsOf(tx, schoolId, studentId),
      enrollments.enrollmentsOf(tx, schoolId, studentId),
      consentState(tx, schoolId, studentId),
    ]);
    const conditionIds = conditionRows.map((c) => c.c.id);
    const enrollmentIds = enrollmentRows.map((e) => e.e.id);
    const [parts, documents, acks, letters] = await Promise.all([
      conditions.partsOf(tx, schoolId, conditionIds),
      supportAttachmentsOf(tx, schoolId, CONDITION_FILE, conditionIds),
      enrollments.acknowledgementsOf(tx, schoolId, enrollmentIds),
      supportAttachmentsOf(tx, schoolId, SIGNED_LETTER_FILE, enrollmentIds),
    ]);
    return {
      student: access.student,
      conditions: conditionRows.map((c) => presentCondition(c, parts, documents, access.family, viewer.language)),
      conditioned_enrollments: enrollmentRows.map((e) => presentEnrollment(e, acks, letters, viewer, access.family)),
      can_edit: canWrite(viewer, access, AREA, "update"),
      consent_granted: consent.disability,
    };
  }

  /** GET /api/students/:id/inclusion: staff readers in scope and the student's family; 404 for anyone else. */
  async function forStudent(viewer: Viewer, studentId: number): Promise<StudentInclusion> {
    const access = await supportAccess(db, viewer, studentId, AREA);
    return record(db, viewer, studentId, access);
  }

  /**
   * What a teacher sees in one click (issue 28 §3): the active adjustments of the student's active conditions and
   * nothing else — no condition type, description, barriers, documents or reasons. Any staff member who may open
   * the student's file, no inclusion permission needed; a family reads its child's whole record instead (404 here).
   */
  async function adjustments(viewer: Viewer, studentId: number): Promise<StudentAdjustments> {
    const { row, family } = await openableFile(db, viewer, studentId);
    if (family) throw new AppError("NOT_FOUND");
    const rows = await activeAdjustmentsOf(db, viewer.tenant.schoolId, studentId);
    return {
      student: { id: row.id, name: row.name, group: groupLabel(row, viewer.language) },
      adjustments: rows.map((a) => ({
        kind: a.kind as StudentAdjustments["adjustments"][number]["kind"],
        description: a.description,
        applied_by: a.appliedBy,
        since: a.since,
      })),
    };
  }

  return { record, forStudent, adjustments };
}

export type InclusionReads = ReturnType<typeof createInclusionReads>;
