import type {
  AcknowledgeLetterBody,
  ConditionedEnrollmentBody,
  StudentInclusion,
  UpdateConditionedEnrollmentBody,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import { claimSupportAttachments, requireWrite, supportAccess } from "../external-support/index.ts";
import type { Viewer } from "../incidents/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import * as repo from "./enrollments.repository.ts";
import { SIGNED_LETTER_FILE } from "./inclusion.present.ts";
import { AREA, type InclusionReads } from "./inclusion.service.ts";

/** Where a notice about a student's inclusion record leads: the student's file, on its Inclusion tab. */
export const inclusionLink = (studentId: number) => `/support?student=${studentId}&fileTab=inclusion`;

/**
 * Conditioned enrollment (issue 28 §2): opened with its reasons and commitments, one open per student (a partial
 * unique index keeps it so under concurrent creates); changed until an outcome closes it; the carta compromiso
 * acknowledged by the family in the app, the student's signature recorded by staff, or the signed paper uploaded.
 */
export function createEnrollmentWrites(deps: { db: Db; reads: InclusionReads; notifications: NotificationsService }) {
  const { db, reads, notifications } = deps;

  async function reach(viewer: Viewer, id: number) {
    const row = await repo.enrollmentById(db, viewer.tenant.schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    return { row, access: await supportAccess(db, viewer, row.e.studentId, AREA) };
  }

  /** POST /api/students/:id/conditioned-enrollments (inclusion.create); no consent: not health data. */
  async function create(viewer: Viewer, studentId: number, body: ConditionedEnrollmentBody): Promise<StudentInclusion> {
    const { schoolId } = viewer.tenant;
    const access = await supportAccess(db, viewer, studentId, AREA);
    requireWrite(viewer, access, AREA, "create");
    try {
      return await db.transaction(async (tx) => {
        await repo.insertEnrollment(tx, schoolId, {
          studentId,
          reasons: [...new Set(body.reasons)],
          details: body.details,
          commitments: body.commitments,
          reviewDate: body.review_date,
          createdBy: viewer.userId,
        });
        return reads.record(tx, viewer, studentId, access);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("CONDITIONED_ENROLLMENT_OPEN");
      throw error;
    }
  }

  /** PATCH /api/conditioned-enrollments/:id (inclusion.update): the outcome closes it; a closed one takes nothing. */
  async function update(viewer: Viewer, id: number, body: UpdateConditionedEnrollmentBody): Promise<StudentInclusion> {
    const { schoolId } = viewer.tenant;
    const { row, access } = await reach(viewer, id);
    requireWrite(viewer, access, AREA, "update");
    if (row.e.outcome !== null) throw new AppError("CONDITIONED_ENROLLMENT_CLOSED");
    return db.transaction(async (tx) => {
      const open = await repo.updateEnrollment(tx, schoolId, id, {
        ...(body.details !== undefined ? { details: body.details } : {}),
        ...(body.commitments !== undefined ? { commitments: body.commitments } : {}),
        ...(body.review_date !== undefined ? { reviewDate: body.review_date } : {}),
        ...(body.outcome ? { outcome: body.outcome, closedAt: new Date() } : {}),
      });
      // Closed by someone else meanwhile: the outcome stays the first one.
      if (!open) throw new AppError("CONDITIONED_ENROLLMENT_CLOSED");
      if (body.signed_letter_id) {
        await claimSupportAttachments(tx, schoolId, viewer.userId, [body.signed_letter_id], SIGNED_LETTER_FILE, id);
      }
      // The student signs the paper in front of staff: the staff member records it, once.
      if (body.student_acknowledged) {
        const acks = await repo.acknowledgementsOf(tx, schoolId, [id]);
        if (!acks.some((a) => a.a.role === "student")) {
          await repo.insertAcknowledgement(tx, schoolId, { enrollmentId: id, userId: viewer.userId, role: "student" });
        }
      }
      return reads.record(tx, viewer, row.e.studentId, access);
    });
  }

  /**
   * The family member's "Enterado y de acuerdo" on the carta compromiso (issue 28 §2): a family member of the student
   * only (staff 403 LETTER_FAMILY_ONLY), once each (409 LETTER_ALREADY_ACKNOWLEDGED); the letter's author is told.
   */
  async function acknowledge(viewer: Viewer, id: number, body: AcknowledgeLetterBody): Promise<StudentInclusion> {
    const { schoolId } = viewer.tenant;
    const { row, access } = await reach(viewer, id);
    if (!access.family) throw new AppError("LETTER_FAMILY_ONLY");
    if (row.e.outcome !== null) throw new AppError("CONDITIONED_ENROLLMENT_CLOSED");
    const { answer, sent } = await db
      .transaction(async (tx) => {
        await repo.insertAcknowledgement(tx, schoolId, {
          enrollmentId: id,
          userId: viewer.userId,
          role: "family",
          comment: body.comment,
        });
        const answer = await reads.record(tx, viewer, row.e.studentId, access);
        const me = answer.conditioned_enrollments
          .find((e) => e.id === id)
          ?.acknowledgements.find((a) => a.role === "family" && a.by.id === viewer.userId);
        const sent = await notifications.notify(tx, {
          schoolId,
          userIds: [row.e.createdBy],
          type: "inclusion.letter.acknowledged",
          params: { student: access.student.name, family: me?.by.name ?? "" },
          link: inclusionLink(row.e.studentId),
        });
        return { answer, sent };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError("LETTER_ALREADY_ACKNOWLEDGED");
        throw error;
      });
    sent.publish();
    return answer;
  }

  return { create, update, acknowledge };
}
