import type { RegisterIncidentBody } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { isForeignKeyViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import type { Tenant } from "../../plugins/access.ts";
import type { IncidentNotifier } from "./incident-notifications.ts";
import { startProtocol } from "./protocol.service.ts";
import * as check from "./registration.checks.ts";
import * as repo from "./registration.repository.ts";
import { activeStaff } from "./registration-options.repository.ts";

/** A row a concurrent request deleted between our reads and our writes reads as gone, not as a 500. */
async function goneIsNotFound<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("NOT_FOUND");
    throw error;
  }
}

/**
 * Registering an incident (design §4). Every read the checks need runs at once before the transaction (they are
 * independent, and on PostgreSQL each takes its own pooled connection); the transaction then only writes, in a
 * fixed handful of statements whatever the number of students and actions, and never reads the incidents table.
 */
export function createRegistrationService(deps: {
  db: Db;
  notifier: IncidentNotifier;
  events: EventBus;
  jobs: JobRunner;
}) {
  const { db, notifier } = deps;

  async function register(tenant: Tenant, userId: number, body: RegisterIncidentBody) {
    const { schoolId } = tenant;
    check.checkNoDuplicateStudents(body.students);
    const studentIds = body.students.map((s) => s.student_id);
    check.checkActionShapes(body.formative_actions, new Set(studentIds));
    check.checkNotFuture(body.occurred_at);
    const responsibleIds = [...new Set(body.formative_actions.map((a) => a.responsible_id))];

    const [clock, typeRow, groupOk, subjectOk, studentRows, staff, audience] = await Promise.all([
      repo.clockAt(db, schoolId, body.occurred_at),
      repo.typeWithCategory(db, schoolId, body.type_id),
      body.group_id === null ? true : repo.groupExists(db, schoolId, body.group_id),
      body.subject_id === null ? true : repo.subjectExists(db, schoolId, body.subject_id),
      repo.studentsWithGroup(db, schoolId, studentIds),
      responsibleIds.length === 0 ? [] : activeStaff(db, schoolId, responsibleIds),
      notifier.audience(schoolId, studentIds, userId),
    ]);
    if (!clock) throw new AppError("NOT_FOUND");
    const type = check.checkType(typeRow);
    if (!groupOk) throw new AppError("NOT_FOUND", { group_id: "NOT_FOUND" });
    if (!subjectOk) throw new AppError("NOT_FOUND", { subject_id: "NOT_FOUND" });
    const students = check.checkStudents(body.students, studentRows);
    if (!body.confirm_group_changes) check.checkSameGroups(body.students, students);
    if (clock.yearId === null || clock.yearStartsOn === null) throw new AppError("CURRENT_YEAR_REQUIRED");
    check.checkWithinYear(clock.localDay, clock.yearStartsOn);
    check.checkResponsibles(body.formative_actions, new Set(staff.map((s) => s.id)));

    const visibleToFamily = body.visible_to_family ?? type.notifyFamily;
    const { incident, delivery } = await goneIsNotFound(() =>
      db.transaction(async (tx) => {
        const folio = await repo.nextFolio(tx, schoolId);
        const incident = await repo.insertIncident(tx, {
          schoolId,
          folio,
          schoolYearId: clock.yearId!,
          periodId: clock.periodId,
          categoryId: type.categoryId,
          typeId: type.id,
          classification: type.classification,
          points: type.defaultPoints,
          detail: body.detail,
          place: body.place ?? null,
          occurredAt: new Date(body.occurred_at),
          groupId: body.group_id,
          groupIds: repo.incidentGroupIds(
            body.group_id,
            body.students.map((s) => students.get(s.student_id)!.groupId),
          ),
          studentIds: body.students.map((s) => s.student_id).sort((a, b) => a - b),
          subjectId: body.subject_id,
          visibleToFamily,
          recordedBy: userId,
        });
        await repo.insertIncidentStudents(
          tx,
          body.students.map((s) => ({
            schoolId,
            incidentId: incident.id,
            studentId: s.student_id,
            role: s.role,
            groupId: students.get(s.student_id)!.groupId,
          })),
        );
        const actions = await repo.insertFormativeActions(
          tx,
          body.formative_actions.map((a) => ({
            schoolId,
            incidentId: incident.id,
            studentId: a.student_id,
            guideline: a.guideline,
            responsibleId: a.responsible_id,
            startsOn: a.starts_on,
            endsOn: a.ends_on,
            repeat: a.repeat,
            notes: a.notes ?? null,
            // Nothing is completed yet: the first occurrence, the action's own date, is the next one due.
            nextDueOn: a.starts_on,
            createdBy: userId,
          })),
        );
        await repo.insertTimeline(tx, [
          { schoolId, incidentId: incident.id, event: "created", userId, details: { folio } },
          ...actions.map((a) => ({
            schoolId,
            incidentId: incident.id,
            event: "action-created",
            userId,
            details: { action_id: a.id, student_id: a.studentId, guideline: a.guideline },
          })),
        ]);
        // Issue 30 §2: a type that follows a protocol starts it here, in the same transaction.
        await startProtocol(tx, deps.jobs, {
          schoolId,
          incidentId: incident.id,
          protocolId: type.protocolId,
          timeZone: clock.timeZone,
          userId,
        });
        const delivery = await notifier.registered(
          tx,
          {
            schoolId,
            id: incident.id,
            recorderId: userId,
            visibleToFamily,
            occurredAt: new Date(body.occurred_at),
            type,
            students: body.students.map((s) => {
              const row = students.get(s.student_id)!;
              return { id: row.id, name: row.name, headTeacherId: row.headTeacherId };
            }),
          },
          audience,
        );
        return { incident, delivery };
      }),
    );
    delivery.after();
    // The school's alert thresholds look at these students again (issue 13 §5).
    deps.events.emit("incidents.recorded", {
      schoolId,
      studentIds,
      incident: { id: incident.id, folio: incident.folio, recorderId: userId },
    });
    return incident;
  }

  return { register };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
