import { DEFAULT_TIME_ZONE, type UpdateIncidentBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import type { Tenant } from "../../plugins/access.ts";
import type { Delivery, IncidentNotifier } from "./incident-notifications.ts";
import { protocolOf } from "./protocol.repository.ts";
import { startProtocol } from "./protocol.service.ts";
import * as check from "./registration.checks.ts";
import * as repo from "./registration.repository.ts";

type Patch = Partial<repo.NewIncident>;

/**
 * Corrections of an open incident (incidents.update, whose holders follow the whole school). Only what really
 * changes is written, and the timeline's 'updated' entry names those fields.
 */
export function createCorrectionsService(deps: { db: Db; notifier: IncidentNotifier; jobs: JobRunner }) {
  const { db } = deps;

  /** Replaces the student list: roles change in place, new students come with their current group. */
  async function replaceStudents(
    tx: Tx,
    schoolId: string,
    incidentId: number,
    wanted: NonNullable<UpdateIncidentBody["students"]>,
  ): Promise<boolean> {
    const current = new Map((await repo.incidentStudentsOf(tx, schoolId, incidentId)).map((s) => [s.studentId, s]));
    const wantedIds = new Set(wanted.map((s) => s.student_id));
    const removed = [...current.keys()].filter((id) => !wantedIds.has(id));
    const added = wanted.filter((s) => !current.has(s.student_id));
    const retitled = wanted.filter((s) => current.has(s.student_id) && current.get(s.student_id)!.role !== s.role);
    if (removed.length + added.length + retitled.length === 0) return false;

    if (removed.length > 0) {
      const withActions = await repo.studentsWithActions(tx, schoolId, incidentId);
      if (removed.some((id) => withActions.has(id))) throw new AppError("IN_USE", { students: "IN_USE" });
    }
    const addedIds = added.map((s) => s.student_id);
    const rows = added.length === 0 ? [] : await repo.studentsWithGroup(tx, schoolId, addedIds);
    const byId = check.checkStudents(wanted, rows, new Set(addedIds));
    await repo.removeIncidentStudents(tx, schoolId, incidentId, removed);
    for (const s of retitled) await repo.setStudentRole(tx, schoolId, incidentId, s.student_id, s.role);
    await repo.insertIncidentStudents(
      tx,
      added.map((s) => ({
        schoolId,
        incidentId,
        studentId: s.student_id,
        role: s.role,
        groupId: byId.get(s.student_id)!.groupId,
      })),
    );
    return true;
  }

  /** Corrects an open incident (409 INCIDENT_NOT_OPEN otherwise); answers its id, folio and status. */
  async function update(tenant: Tenant, userId: number, id: number, body: UpdateIncidentBody) {
    const { schoolId } = tenant;
    if (body.students) check.checkNoDuplicateStudents(body.students);
    if (body.occurred_at !== undefined) check.checkNotFuture(body.occurred_at);

    let delivery: Delivery | null = null;
    const out = await db.transaction(async (tx) => {
      const incident = await repo.lockIncident(tx, schoolId, id);
      if (!incident) throw new AppError("NOT_FOUND");
      if (incident.status !== "open") throw new AppError("INCIDENT_NOT_OPEN");
      const patch: Patch = {};
      const fields: string[] = [];
      const change = <K extends keyof Patch>(field: string, key: K, value: Patch[K], same: boolean) => {
        if (same) return;
        patch[key] = value;
        fields.push(field);
      };

      if (body.type_id !== undefined && body.type_id !== incident.typeId) {
        const type = check.checkType(await repo.typeWithCategory(tx, schoolId, body.type_id));
        // Like a registration, the incident takes the new type's category, classification and points.
        Object.assign(patch, {
          typeId: type.id,
          categoryId: type.categoryId,
          classification: type.classification,
          points: type.defaultPoints,
        });
        fields.push("type_id");
      }
      if (body.detail !== undefined) change("detail", "detail", body.detail, body.detail === incident.detail);
      if (body.place !== undefined) change("place", "place", body.place, body.place === incident.place);
      if (body.occurred_at !== undefined && Date.parse(body.occurred_at) !== incident.occurredAt.getTime()) {
        // The incident stays in its school year; the period follows the new date within it.
        const clock = await repo.clockAt(tx, schoolId, body.occurred_at, incident.schoolYearId);
        if (clock?.yearStartsOn) check.checkWithinYear(clock.localDay, clock.yearStartsOn);
        Object.assign(patch, { occurredAt: new Date(body.occurred_at), periodId: clock?.periodId ?? null });
        fields.push("occurred_at");
      }
      if (body.group_id !== undefined && body.group_id !== incident.groupId) {
        if (body.group_id !== null && !(await repo.groupExists(tx, schoolId, body.group_id))) {
          throw new AppError("NOT_FOUND", { group_id: "NOT_FOUND" });
        }
        change("group_id", "groupId", body.group_id, false);
      }
      if (body.subject_id !== undefined && body.subject_id !== incident.subjectId) {
        if (body.subject_id !== null && !(await repo.subjectExists(tx, schoolId, body.subject_id))) {
          throw new AppError("NOT_FOUND", { subject_id: "NOT_FOUND" });
        }
        change("subject_id", "subjectId", body.subject_id, false);
      }
      if (body.visible_to_family !== undefined) {
        const same = body.visible_to_family === incident.visibleToFamily;
        change("visible_to_family", "visibleToFamily", body.visible_to_family, same);
      }
      if (body.students && (await replaceStudents(tx, schoolId, id, body.students))) fields.push("students");

      if (fields.length === 0) return { id: incident.id, folio: incident.folio, status: "open" as const };
      const out = await repo.updateIncident(tx, schoolId, id, patch);
      // Issue 30 §2: corrected to a type that follows a protocol, the incident starts it now (once: an incident
      // keeps the protocol it started, whatever its type becomes later).
      if (fields.includes("type_id") && !(await protocolOf(tx, schoolId, id))) {
        const type = await repo.typeWithCategory(tx, schoolId, patch.typeId!);
        const clock = await repo.clockAt(tx, schoolId, new Date().toISOString(), incident.schoolYearId);
        await startProtocol(tx, deps.jobs, {
          schoolId,
          incidentId: id,
          protocolId: type?.type.protocolId ?? null,
          timeZone: clock?.timeZone ?? DEFAULT_TIME_ZONE,
          userId,
        });
      }
      if (fields.includes("group_id") || fields.includes("students")) await repo.refreshGroupIds(tx, schoolId, id);
      await repo.insertTimeline(tx, [{ schoolId, incidentId: id, event: "updated", userId, details: { fields } }]);
      // Shown to families from now on: they hear of it as they would have at registration.
      if (patch.visibleToFamily === true) {
        delivery = await deps.notifier.sharedWithFamilies(tx, { ...incident, visibleToFamily: true }, userId);
      }
      return out;
    });
    (delivery as Delivery | null)?.after();
    return out;
  }

  return { update };
}

export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
