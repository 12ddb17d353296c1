import {
  type CompleteStepBody,
  type IncidentProtocol,
  isStepOverdue,
  type Language,
  type ProtocolStepStatus,
  perm,
  stepDeadline,
} from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { incidents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import { ofSchool } from "../../lib/tenant-db.ts";
import { incidentInScope } from "./details.repository.ts";
import * as repo from "./protocol.repository.ts";
import { insertTimeline } from "./registration.repository.ts";
import { activeStaff } from "./registration-options.repository.ts";
import { resolveScope, type Viewer } from "./scope.ts";

/** The job that notifies a step overdue, sent in the registration's transaction to run at the step's deadline. */
export const OVERDUE_QUEUE = "protocol-step-overdue";
export interface OverdueJob {
  schoolId: string;
  stepId: number;
}

const stepEvent = (s: repo.StepRow) => ({
  step_id: s.id,
  position: s.position,
  name_es: s.nameEs,
  name_en: s.nameEn,
  due_at: s.dueAt.toISOString(),
});

/**
 * Starts the protocol of a type that follows one (issue 30 §2), inside the registration's transaction: copies its
 * steps with their deadlines counted from now on the school's clock, each with the Director as responsible, writes
 * the timeline entry and enqueues each step's overdue check at its deadline (the job exists only if the
 * registration commits). Nothing happens for a type without a protocol or with an inactive one.
 */
export async function startProtocol(
  tx: Tx,
  jobs: JobRunner,
  input: { schoolId: string; incidentId: number; protocolId: number | null; timeZone: string; userId: number },
) {
  const { schoolId, incidentId, protocolId, timeZone, userId } = input;
  if (protocolId === null) return;
  const found = await repo.definition(tx, schoolId, protocolId);
  if (!found || found.steps.length === 0) return;
  const [director = null] = await repo.directorsOf(tx, schoolId);
  const start = new Date();
  const row = await repo.insertProtocol(tx, {
    schoolId,
    incidentId,
    protocolId,
    nameEs: found.protocol.nameEs,
    nameEn: found.protocol.nameEn,
    startedAt: start,
  });
  const steps = await repo.insertSteps(
    tx,
    found.steps.map((s) => ({
      schoolId,
      incidentProtocolId: row.id,
      incidentId,
      position: s.position,
      nameEs: s.nameEs,
      nameEn: s.nameEn,
      deadlineKind: s.deadlineKind,
      deadlineAmount: s.deadlineAmount,
      dueAt: stepDeadline(start, { kind: s.deadlineKind as "hours", amount: s.deadlineAmount }, timeZone),
      responsibleId: director,
    })),
  );
  await insertTimeline(tx, [
    {
      schoolId,
      incidentId,
      event: "protocol.started",
      userId,
      details: { protocol_es: row.nameEs, protocol_en: row.nameEn, steps: steps.map(stepEvent) },
    },
  ]);
  for (const s of steps) {
    const job: OverdueJob = { schoolId, stepId: s.id };
    await jobs.send(OVERDUE_QUEUE, job, { tx, startAfter: s.dueAt });
  }
}

/**
 * Closing needs every step done or waived: 409 PROTOCOL_STEPS_PENDING naming the pending ones in the caller's
 * language.
 */
export async function requireProtocolDone(tx: Tx, schoolId: string, incidentId: number, language: Language) {
  const pending = await repo.pendingSteps(tx, schoolId, incidentId);
  if (pending.length === 0) return;
  const names = pending.map((s) => (language === "en" ? (s.nameEn ?? s.nameEs) : s.nameEs));
  throw new AppError("PROTOCOL_STEPS_PENDING", undefined, { steps: names.join("; ") });
}

/** A cancelled incident leaves nobody with overdue steps: its pending steps are waived with the cancel reason. */
export async function waivePendingSteps(tx: Tx, schoolId: string, incidentId: number, userId: number, reason: string) {
  const pending = await repo.pendingSteps(tx, schoolId, incidentId);
  for (const s of pending) {
    await repo.updateStep(tx, schoolId, s.id, { status: "waived", note: reason, doneAt: new Date(), doneBy: userId });
  }
  await insertTimeline(
    tx,
    pending.map((s) => ({ schoolId, incidentId, event: "protocol.step-waived", userId, details: stepEvent(s) })),
  );
  await repo.completeIfDone(tx, schoolId, incidentId);
}

/** An incident's protocol as staff read it (screen and PDF), or null when its type follows none. */
export async function readProtocol(
  db: Db,
  schoolId: string,
  incidentId: number,
  manager: boolean,
): Promise<IncidentProtocol | null> {
  const [protocol, rows, [incident]] = await Promise.all([
    repo.protocolOf(db, schoolId, incidentId),
    repo.stepsOf(db, schoolId, incidentId),
    db
      .select({ status: incidents.status })
      .from(incidents)
      .where(ofSchool(incidents, schoolId, eq(incidents.id, incidentId))),
  ]);
  if (!protocol) return null;
  const evidenceIds = rows.flatMap((r) => r.step.attachmentIds);
  const files = await repo.attachmentsOf(db, schoolId, incidentId, evidenceIds);
  const now = new Date();
  return {
    id: protocol.id,
    incident_id: incidentId,
    name_es: protocol.nameEs,
    name_en: protocol.nameEn,
    status: protocol.status as "open",
    started_at: protocol.startedAt.toISOString(),
    can_manage: manager && incident?.status === "open",
    steps: rows.map(({ step: s, responsibleName, doneByName }) => {
      const status = s.status as ProtocolStepStatus;
      const due_at = s.dueAt.toISOString();
      return {
        id: s.id,
        position: s.position,
        name_es: s.nameEs,
        name_en: s.nameEn,
        due_at,
        status,
        overdue: isStepOverdue({ status, due_at }, now),
        responsible: s.responsibleId === null ? null : { id: s.responsibleId, name: responsibleName ?? "" },
        note: s.note,
        done_at: s.doneAt?.toISOString() ?? null,
        done_by: s.doneBy === null ? null : { id: s.doneBy, name: doneByName ?? "" },
        evidence: files
          .filter((f) => s.attachmentIds.includes(f.id))
          .map((f) => ({ id: f.id, file_name: f.fileName, url: `/api/incidents/${incidentId}/attachments/${f.id}` })),
      };
    }),
  };
}

/** An incident's protocol for staff: its steps, deadlines, responsible, and completing, waiving, reassigning them. */
export function createProtocolService(deps: { db: Db }) {
  const { db } = deps;
  const manages = (viewer: Viewer) => viewer.tenant.grants.has(perm("incidents", "update"));

  /** The incident must be in the caller's scope and the caller staff: a family never sees the protocol (404). */
  async function requireStaffScope(viewer: Viewer, incidentId: number) {
    const scope = await resolveScope(db, viewer);
    if (scope.kind === "family" || !(await incidentInScope(db, scope, incidentId))) throw new AppError("NOT_FOUND");
  }

  const present = (viewer: Viewer, incidentId: number) =>
    readProtocol(db, viewer.tenant.schoolId, incidentId, manages(viewer));

  /** The incident's protocol (null when its type follows none), with the incident's students for the read log. */
  async function get(viewer: Viewer, incidentId: number) {
    await requireStaffScope(viewer, incidentId);
    const [row] = await db
      .select({ studentIds: incidents.studentIds })
      .from(incidents)
      .where(ofSchool(incidents, viewer.tenant.schoolId, eq(incidents.id, incidentId)));
    return { protocol: await present(viewer, incidentId), studentIds: row?.studentIds ?? [] };
  }

  /** Changes a pending step of an open incident's protocol under the incident's lock, and answers the protocol. */
  async function change(
    viewer: Viewer,
    incidentId: number,
    stepId: number,
    apply: (tx: Tx, step: repo.StepRow) => Promise<void>,
  ) {
    await requireStaffScope(viewer, incidentId);
    const { schoolId } = viewer.tenant;
    await db.transaction(async (tx) => {
      const [incident] = await tx
        .select({ status: incidents.status })
        .from(incidents)
        .where(ofSchool(incidents, schoolId, eq(incidents.id, incidentId)))
        .for("update");
      if (!incident) throw new AppError("NOT_FOUND");
      const step = await repo.lockStep(tx, schoolId, incidentId, stepId);
      if (!step) throw new AppError("NOT_FOUND");
      if (incident.status !== "open") throw new AppError("INCIDENT_NOT_OPEN");
      if (step.status !== "pending") throw new AppError("PROTOCOL_STEP_NOT_PENDING");
      await apply(tx, step);
    });
    return (await present(viewer, incidentId))!;
  }

  async function finish(tx: Tx, viewer: Viewer, incidentId: number) {
    if (await repo.completeIfDone(tx, viewer.tenant.schoolId, incidentId)) {
      await insertTimeline(tx, [
        {
          schoolId: viewer.tenant.schoolId,
          incidentId,
          event: "protocol.completed",
          userId: viewer.userId,
          details: {},
        },
      ]);
    }
  }

  /** Completes a step with a note and, optionally, evidence files already uploaded to the incident. */
  function complete(viewer: Viewer, incidentId: number, stepId: number, body: CompleteStepBody) {
    const { schoolId } = viewer.tenant;
    return change(viewer, incidentId, stepId, async (tx, step) => {
      const ids = [...new Set(body.attachment_ids)];
      const files = await repo.attachmentsOf(tx, schoolId, incidentId, ids);
      if (files.length !== ids.length) throw new AppError("NOT_FOUND", { attachment_ids: "NOT_FOUND" });
      const now = new Date();
      await repo.updateStep(tx, schoolId, stepId, {
        status: "done",
        note: body.note,
        attachmentIds: ids,
        doneAt: now,
        doneBy: viewer.userId,
      });
      await insertTimeline(tx, [
        {
          schoolId,
          incidentId,
          event: "protocol.step-completed",
          userId: viewer.userId,
          details: { ...stepEvent(step), late: now > step.dueAt, evidence: ids.length },
        },
      ]);
      await finish(tx, viewer, incidentId);
    });
  }

  /** Waives a step explicitly, with a reason (kept with the step, staff only). */
  function waive(viewer: Viewer, incidentId: number, stepId: number, reason: string) {
    const { schoolId } = viewer.tenant;
    return change(viewer, incidentId, stepId, async (tx, step) => {
      await repo.updateStep(tx, schoolId, stepId, {
        status: "waived",
        note: reason,
        doneAt: new Date(),
        doneBy: viewer.userId,
      });
      await insertTimeline(tx, [
        { schoolId, incidentId, event: "protocol.step-waived", userId: viewer.userId, details: stepEvent(step) },
      ]);
      await finish(tx, viewer, incidentId);
    });
  }

  /** Gives a pending step another responsible: an active staff member of the school (404 otherwise). */
  function reassign(viewer: Viewer, incidentId: number, stepId: number, responsibleId: number) {
    const { schoolId } = viewer.tenant;
    return change(viewer, incidentId, stepId, async (tx, step) => {
      const [staff] = await activeStaff(tx, schoolId, [responsibleId]);
      if (!staff) throw new AppError("NOT_FOUND", { responsible_id: "NOT_FOUND" });
      await repo.updateStep(tx, schoolId, stepId, { responsibleId });
      await insertTimeline(tx, [
        {
          schoolId,
          incidentId,
          event: "protocol.step-reassigned",
          userId: viewer.userId,
          details: { ...stepEvent(step), responsible_id: responsibleId, responsible: staff.name },
        },
      ]);
    });
  }

  return { get, complete, waive, reassign };
}

export type ProtocolService = ReturnType<typeof createProtocolService>;
