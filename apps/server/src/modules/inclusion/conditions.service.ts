import type { ConditionBody, StudentInclusion, UpdateConditionBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { requireConsent } from "../consent/index.ts";
import {
  claimSupportAttachments,
  requireWrite,
  supportAccess,
  supportAttachmentsOf,
} from "../external-support/index.ts";
import type { Viewer } from "../incidents/index.ts";
import * as repo from "./conditions.repository.ts";
import { CONDITION_FILE } from "./inclusion.present.ts";
import { AREA, type InclusionReads } from "./inclusion.service.ts";

/** Recording and changing a student's conditions, their barriers, adjustments and documents (issue 28 §2). */
export function createConditionWrites(deps: { db: Db; reads: InclusionReads }) {
  const { db, reads } = deps;

  async function activeType(tx: Tx, schoolId: string, id: number) {
    const type = await repo.conditionType(tx, schoolId, id);
    if (!type?.active) throw new AppError("SUPPORT_TYPE_INACTIVE", { condition_type_id: "SUPPORT_TYPE_INACTIVE" });
  }

  /** POST /api/students/:id/conditions (inclusion.create): needs the family's `disability` consent (409 without). */
  async function create(viewer: Viewer, studentId: number, body: ConditionBody): Promise<StudentInclusion> {
    const { schoolId } = viewer.tenant;
    const access = await supportAccess(db, viewer, studentId, AREA);
    requireWrite(viewer, access, AREA, "create");
    return db.transaction(async (tx) => {
      // Disability data need the family's express consent (LFPDPPP), checked where the record is stored: a refusal
      // (or a file that is not the writer's) leaves nothing behind.
      await requireConsent(tx, schoolId, studentId, "disability");
      await activeType(tx, schoolId, body.condition_type_id);
      const id = await repo.insertCondition(tx, schoolId, {
        studentId,
        conditionTypeId: body.condition_type_id,
        description: body.description,
        usaerSupport: body.usaer_support,
        usaerNotes: body.usaer_notes,
        reviewDate: body.review_date,
        internalNotes: body.internal_notes,
        createdBy: viewer.userId,
      });
      await repo.replaceBarriers(tx, schoolId, id, body.barriers);
      await repo.replaceAdjustments(tx, schoolId, id, body.adjustments);
      await claimSupportAttachments(tx, schoolId, viewer.userId, body.document_ids, CONDITION_FILE, id);
      return reads.record(tx, viewer, studentId, access);
    });
  }

  /**
   * PATCH /api/conditions/:id (inclusion.update): replaces what the body names; `active: false` ends the condition.
   * Documents are added (the ids not yet on it are claimed); a stored document stays with the record.
   */
  async function update(viewer: Viewer, id: number, body: UpdateConditionBody): Promise<StudentInclusion> {
    const { schoolId } = viewer.tenant;
    const row = await repo.conditionById(db, schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    const studentId = row.c.studentId;
    const access = await supportAccess(db, viewer, studentId, AREA);
    requireWrite(viewer, access, AREA, "update");
    return db.transaction(async (tx) => {
      if (body.condition_type_id !== undefined && body.condition_type_id !== row.c.conditionTypeId) {
        await activeType(tx, schoolId, body.condition_type_id);
      }
      await repo.updateCondition(tx, schoolId, id, {
        ...(body.condition_type_id !== undefined ? { conditionTypeId: body.condition_type_id } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.usaer_support !== undefined ? { usaerSupport: body.usaer_support } : {}),
        ...(body.usaer_notes !== undefined ? { usaerNotes: body.usaer_notes } : {}),
        ...(body.review_date !== undefined ? { reviewDate: body.review_date } : {}),
        ...(body.internal_notes !== undefined ? { internalNotes: body.internal_notes } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
      });
      if (body.barriers !== undefined) await repo.replaceBarriers(tx, schoolId, id, body.barriers);
      if (body.adjustments !== undefined) await repo.replaceAdjustments(tx, schoolId, id, body.adjustments);
      if (body.document_ids?.length) {
        const held = new Set(
          (await supportAttachmentsOf(tx, schoolId, CONDITION_FILE, [id])).get(id)?.map((d) => d.id),
        );
        const fresh = body.document_ids.filter((d) => !held.has(d));
        await claimSupportAttachments(tx, schoolId, viewer.userId, fresh, CONDITION_FILE, id);
      }
      return reads.record(tx, viewer, studentId, access);
    });
  }

  return { create, update };
}
