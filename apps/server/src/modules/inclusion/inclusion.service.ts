import type {
  AcknowledgeLetterBody,
  ConditionBody,
  ConditionedEnrollmentBody,
  StudentAdjustments,
  StudentInclusion,
  UpdateConditionBody,
  UpdateConditionedEnrollmentBody,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import { requireConsent } from "../consent/index.ts";
import { canWrite, groupLabel, requireWrite, supportAccess } from "../external-support/index.ts";
import type { Viewer } from "../incidents/index.ts";
import { openableFile } from "../student-file/index.ts";
import { presentCondition, presentEnrollment } from "./inclusion.present.ts";
import * as repo from "./inclusion.repository.ts";

const AREA = "inclusion" as const;
/** A unique index keeps one open enrollment per student and one family acknowledgement per member (23505). */
const duplicate = isUniqueViolation;

export function createInclusionService(deps: { db: Db }) {
  const { db } = deps;

  async function consentGranted(tx: Tx, schoolId: string, studentId: number) {
    try {
      await requireConsent(tx, schoolId, studentId, "disability");
      return true;
    } catch {
      return false;
    }
  }

  async function forStudent(viewer: Viewer, studentId: number): Promise<StudentInclusion> {
    const { schoolId } = viewer.tenant;
    const access = await supportAccess(db, viewer, studentId, AREA);
    const [conditions, enrollments, consent] = await Promise.all([
      repo.conditionsOf(db, schoolId, studentId),
      repo.enrollmentsOf(db, schoolId, studentId),
      consentGranted(db, schoolId, studentId),
    ]);
    const acks = await repo.acknowledgementsOf(
      db,
      schoolId,
      enrollments.map((e) => e.e.id),
    );
    return {
      student: access.student,
      conditions: conditions.map((c) => presentCondition(c, access.family, viewer.language)),
      conditioned_enrollments: enrollments.map((e) => presentEnrollment(e, acks, viewer, access.family)),
      can_edit: canWrite(viewer, access, AREA, "update"),
      consent_granted: consent,
    };
  }

  async function activeType(tx: Tx, schoolId: string, id: number) {
    const type = await repo.conditionType(tx, schoolId, id);
    if (!type?.active) throw new AppError("SUPPORT_TYPE_INACTIVE", { condition_type_id: "SUPPORT_TYPE_INACTIVE" });
  }

  async function createCondition(viewer: Viewer, studentId: number, body: ConditionBody): Promise<StudentInclusion> {
    const { schoolId } = viewer.tenant;
    const access = await supportAccess(db, viewer, studentId, AREA);
    requireWrite(viewer, access, AREA, "create");
    if (body.document_ids.length > 0) throw new AppError("SUPPORT_ATTACHMENT_UNAVAILABLE");
    await db.transaction(async (tx) => {
      // Disability data need the family's express consent (LFPDPPP), checked where the record is stored.
      await requireConsent(tx, schoolId, studentId, "disability");
      await activeType(tx, schoolId, body.condition_type_id);
      await repo.insertCondition(tx, schoolId, {
        studentId,
        conditionTypeId: body.condition_type_id,
        description: body.description,
        barriers: body.barriers,
        adjustments: body.adjustments,
        usaerSupport: body.usaer_support,
        usaerNotes: body.usaer_notes,
        reviewDate: body.review_date,
        internalNotes: body.internal_notes,
        createdBy: viewer.userId,
      });
    });
    return forStudent(viewer, studentId);
  }

  /** The record's student, with the reader's access to it; 404 when out of reach. */
  async function reachCondition(viewer: Viewer, id: number) {
    const row = await repo.conditionById(db, viewer.tenant.schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    return { row, access: await supportAccess(db, viewer, row.c.studentId, AREA) };
  }

  async function updateCondition(viewer: Viewer, id: number, body: UpdateConditionBody): Promise<StudentInclusion> {
    const { schoolId } = viewer.tenant;
    const { row, access } = await reachCondition(viewer, id);
    requireWrite(viewer, access, AREA, "update");
    if (body.document_ids?.length) throw new AppError("SUPPORT_ATTACHMENT_UNAVAILABLE");
    await db.transaction(async (tx) => {
      if (body.condition_type_id !== undefined) await activeType(tx, schoolId, body.condition_type_id);
      await repo.updateCondition(tx, schoolId, id, {
        ...(body.condition_type_id !== undefined ? { conditionTypeId: body.condition_type_id } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.barriers !== undefined ? { barriers: body.barriers } : {}),
        ...(body.adjustments !== undefined ? { adjustments: body.adjustments } : {}),
        ...(body.usaer_support !== undefined ? { usaerSupport: body.usaer_support } : {}),
        ...(body.usaer_notes !== undefined ? { usaerNotes: body.usaer_notes } : {}),
        ...(body.review_date !== undefined ? { reviewDate: body.review_date } : {}),
        ...(body.internal_notes !== undefined ? { internalNotes: body.internal_notes } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
      });
    });
    return forStudent(viewer, row.c.studentId);
  }

  async function createEnrollment(viewer: Viewer, studentId: number, body: ConditionedEnrollmentBody) {
    const { schoolId } = viewer.tenant;
    const access = await supportAccess(db, viewer, studentId, AREA);
    requireWrite(viewer, access, AREA, "create");
    try {
      await repo.insertEnrollment(db, schoolId, {
        studentId,
        reasons: body.reasons,
        details: body.details,
        commitments: body.commitments,
        reviewDate: body.review_date,
        createdBy: viewer.userId,
      });
    } catch (error) {
      if (duplicate(error)) throw new AppError("CONDITIONED_ENROLLMENT_OPEN");
      throw error;
    }
    return forStudent(viewer, studentId);
  }

  async function reachEnrollment(viewer: Viewer, id: number) {
    const row = await repo.enrollmentById(db, viewer.tenant.schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    return { row, access: await supportAccess(db, viewer, row.e.studentId, AREA) };
  }

  async function updateEnrollment(viewer: Viewer, id: number, body: UpdateConditionedEnrollmentBody) {
    const { schoolId } = viewer.tenant;
    const { row, access } = await reachEnrollment(viewer, id);
    requireWrite(viewer, access, AREA, "update");
    if (row.e.outcome !== null) throw new AppError("CONDITIONED_ENROLLMENT_CLOSED");
    if (body.signed_letter_id) throw new AppError("SUPPORT_ATTACHMENT_UNAVAILABLE");
    await db.transaction(async (tx) => {
      await repo.updateEnrollment(tx, schoolId, id, {
        ...(body.details !== undefined ? { details: body.details } : {}),
        ...(body.commitments !== undefined ? { commitments: body.commitments } : {}),
        ...(body.review_date !== undefined ? { reviewDate: body.review_date } : {}),
        ...(body.outcome ? { outcome: body.outcome, closedAt: new Date() } : {}),
      });
      // The student signs on paper in front of staff: the staff member records it, once.
      if (body.student_acknowledged) {
        const acks = await repo.acknowledgementsOf(tx, schoolId, [id]);
        if (!acks.some((a) => a.a.role === "student")) {
          await repo.insertAcknowledgement(tx, schoolId, { enrollmentId: id, userId: viewer.userId, role: "student" });
        }
      }
    });
    return forStudent(viewer, row.e.studentId);
  }

  /** The family member's "Enterado y de acuerdo" on the carta compromiso (issue 28 §2). */
  async function acknowledge(viewer: Viewer, id: number, body: AcknowledgeLetterBody) {
    const { schoolId } = viewer.tenant;
    const { row, access } = await reachEnrollment(viewer, id);
    if (!access.family) throw new AppError("LETTER_FAMILY_ONLY");
    if (row.e.outcome !== null) throw new AppError("CONDITIONED_ENROLLMENT_CLOSED");
    try {
      await repo.insertAcknowledgement(db, schoolId, {
        enrollmentId: id,
        userId: viewer.userId,
        role: "family",
        comment: body.comment,
      });
    } catch (error) {
      if (duplicate(error)) throw new AppError("LETTER_ALREADY_ACKNOWLEDGED");
      throw error;
    }
    return forStudent(viewer, row.e.studentId);
  }

  /**
   * What a teacher sees in one click (issue 28 §3): the active adjustments of the student's active conditions and
   * nothing else — no condition, description, barriers, documents or reasons. Any staff member who may open the
   * student's file; a family reads its child's whole record instead (404 here).
   */
  async function adjustments(viewer: Viewer, studentId: number): Promise<StudentAdjustments> {
    const { row, family } = await openableFile(db, viewer, studentId);
    if (family) throw new AppError("NOT_FOUND");
    const conditions = await repo.conditionsOf(db, viewer.tenant.schoolId, studentId);
    return {
      student: { id: row.id, name: row.name, group: groupLabel(row, viewer.language) },
      adjustments: conditions.filter((c) => c.c.active).flatMap((c) => c.c.adjustments),
    };
  }

  return { forStudent, createCondition, updateCondition, createEnrollment, updateEnrollment, acknowledge, adjustments };
}

export type InclusionService = ReturnType<typeof createInclusionService>;
