import {
  type ActionState,
  type FormativeActionBody,
  occurrences,
  perm,
  type Repeat,
  type UpdateFormativeActionBody,
} from "@convive/domain";
import { eq, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { formativeActions } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { incidentsWhere, requireFilterableStudent, resolveScope } from "../incidents/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import * as repo from "./formative-actions.repository.ts";
import { checkDates, requireResponsible, requireStudentOf } from "./formative-actions.rules.ts";
import { findStudent } from "./observations.repository.ts";
import { incidentInScope, requireOpen, requireStaff, scopeOf, type Viewer } from "./scope.ts";
import { appendTimeline, incidentLink, schoolToday, snake } from "./shared.ts";

const UPDATE = perm("formative-actions", "update");

/**
 * Formative actions of an incident's students (design §4): one per student and guideline, with a responsible
 * staff member, a date and an optional daily or weekly repeat, completed occurrence by occurrence. next_due_on
 * is kept on every change so the overdue lists read one index.
 */
export function createFormativeActionsService(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;

  const outOne = async (tx: Tx, schoolId: string, id: number) =>
    (await repo.loadActions(tx, schoolId, { ids: [id] }, await schoolToday(tx, schoolId)))[0]!;

  /** Tells the responsible user they have a new action (not when they assigned it to themselves). */
  const tellResponsible = (tx: Tx, viewer: Viewer, action: repo.ActionRow, folio: number) =>
    action.responsibleId === viewer.userId
      ? null
      : notifications.notify(tx, {
          schoolId: viewer.tenant.schoolId,
          userIds: [action.responsibleId],
          type: "formative-action.assigned",
          params: { folio, guideline: action.guideline, date: action.startsOn },
          link: incidentLink(action.incidentId),
        });

  /**
   * The action and its open-or-not incident, locked (incident first, as closing does), when the caller may see
   * it: they are responsible for it, or its incident is in their staff scope. Otherwise 404.
   */
  async function reachable(tx: Tx, viewer: Viewer, id: number) {
    const { schoolId } = viewer.tenant;
    const found = await repo.findAction(tx, schoolId, id);
    if (!found) throw new AppError("NOT_FOUND");
    const isResponsible = found.responsibleId === viewer.userId;
    const incident = await incidentInScope(tx, viewer, found.incidentId, {
      lock: true,
      wholeSchool: isResponsible,
    });
    const action = (await repo.findAction(tx, schoolId, id, true))!;
    return { action, incident, isResponsible };
  }

  /** Adds an action to an open incident for one of its students (formative-actions.create). */
  async function create(viewer: Viewer, incidentId: number, body: FormativeActionBody) {
    requireStaff(viewer);
    const { schoolId } = viewer.tenant;
    const { id, notified } = await db.transaction(async (tx) => {
      const incident = await incidentInScope(tx, viewer, incidentId, { lock: true });
      requireOpen(incident);
      await requireStudentOf(tx, schoolId, incidentId, body.student_id);
      await requireResponsible(tx, schoolId, body.responsible_id);
      const dates = { startsOn: body.starts_on, endsOn: body.ends_on, repeat: body.repeat };
      checkDates(dates);
      const row = await repo.insertAction(tx, {
        schoolId,
        incidentId,
        studentId: body.student_id,
        guideline: body.guideline,
        responsibleId: body.responsible_id,
        ...dates,
        notes: body.notes ?? null,
        nextDueOn: repo.nextDueOn({ ...dates, waivedAt: null }, []),
        createdBy: viewer.userId,
      });
      await appendTimeline(tx, {
        schoolId,
        incidentId,
        event: "action-created",
        userId: viewer.userId,
        details: { action_id: row.id, student_id: row.studentId, guideline: row.guideline },
      });
      return { id: row.id, notified: await tellResponsible(tx, viewer, row, incident.folio) };
    });
    notified?.publish();
    return outOne(db, schoolId, id);
  }

  /**
   * Edits guideline, responsible, dates, repeat or notes. Completed occurrences are history: new dates that
   * would leave one of them out are refused (409 COMPLETIONS_OUTSIDE_DATES) until it is un-completed.
   */
  async function update(viewer: Viewer, id: number, body: UpdateFormativeActionBody) {
    const { schoolId } = viewer.tenant;
    requireStaff(viewer);
    const notified = await db.transaction(async (tx) => {
      const { action, incident } = await reachable(tx, viewer, id);
      if (!viewer.tenant.grants.has(UPDATE)) throw new AppError("FORBIDDEN");
      requireOpen(incident);
      if (action.waivedAt) throw new AppError("ACTION_CLOSED");
      const next = {
        guideline: body.guideline ?? action.guideline,
        responsibleId: body.responsible_id ?? action.responsibleId,
        startsOn: body.starts_on ?? action.startsOn,
        endsOn: body.ends_on === undefined ? action.endsOn : body.ends_on,
        repeat: body.repeat ?? (action.repeat as Repeat),
        notes: body.notes === undefined ? action.notes : body.notes,
      };
      const fields = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== action[k]);
      if (fields.length === 0) return null;
      if (next.responsibleId !== action.responsibleId) await requireResponsible(tx, schoolId, next.responsibleId);
      checkDates(next);
      const completed = await repo.completedDays(tx, schoolId, id);
      const due = new Set(occurrences(next.startsOn, next.endsOn, next.repeat));
      if (completed.some((d) => !due.has(d))) {
        throw new AppError("COMPLETIONS_OUTSIDE_DATES", { ends_on: "COMPLETIONS_OUTSIDE_DATES" });
      }
      await repo.updateAction(tx, schoolId, id, {
        ...next,
        nextDueOn: repo.nextDueOn({ ...next, waivedAt: null }, completed),
      });
      await appendTimeline(tx, {
        schoolId,
        incidentId: action.incidentId,
        event: "action-updated",
        userId: viewer.userId,
        details: { action_id: id, fields: fields.map(snake) },
      });
      return fields.includes("responsibleId")
        ? tellResponsible(tx, viewer, { ...action, ...next }, incident.folio)
        : null;
    });
    notified?.publish();
    return outOne(db, schoolId, id);
  }

  /**
   * Marks one occurrence done (or, with `done` false, not done). The responsible user may do it without
   * formative-actions.update. Completing a completed day, or un-completing an open one, changes nothing.
   */
  async function setCompleted(viewer: Viewer, id: number, on: string, done: boolean, note?: string | null) {
    const { schoolId } = viewer.tenant;
    requireStaff(viewer);
    await db.transaction(async (tx) => {
      const { action, incident, isResponsible } = await reachable(tx, viewer, id);
      if (!isResponsible && !viewer.tenant.grants.has(UPDATE)) throw new AppError("FORBIDDEN");
      requireOpen(incident);
      if (action.waivedAt) throw new AppError("ACTION_CLOSED");
      if (!occurrences(action.startsOn, action.endsOn, action.repeat as Repeat).includes(on)) {
        throw new AppError("NOT_AN_OCCURRENCE", { occurrence_on: "NOT_AN_OCCURRENCE" });
      }
      const changed = done
        ? await repo.insertCompletion(tx, {
            schoolId,
            actionId: id,
            occurrenceOn: on,
            completedBy: viewer.userId,
            note: note ?? null,
          })
        : await repo.deleteCompletion(tx, schoolId, id, on);
      if (!changed) return;
      const nextDueOn = repo.nextDueOn(action, await repo.completedDays(tx, schoolId, id));
      await repo.updateAction(tx, schoolId, id, { nextDueOn });
      await appendTimeline(tx, {
        schoolId,
        incidentId: action.incidentId,
        event: done ? "action-completed" : "action-reopened",
        userId: viewer.userId,
        details: { action_id: id, student_id: action.studentId, occurrence_on: on },
      });
    });
    return outOne(db, schoolId, id);
  }

  /** Waives what is left of a pending action, with a reason (formative-actions.update). */
  async function waive(viewer: Viewer, id: number, reason: string) {
    const { schoolId } = viewer.tenant;
    requireStaff(viewer);
    await db.transaction(async (tx) => {
      const { action, incident } = await reachable(tx, viewer, id);
      if (!viewer.tenant.grants.has(UPDATE)) throw new AppError("FORBIDDEN");
      requireOpen(incident);
      if (action.waivedAt || action.nextDueOn === null) throw new AppError("ACTION_CLOSED");
      await repo.updateAction(tx, schoolId, id, {
        waivedAt: new Date(),
        waivedBy: viewer.userId,
        waiveReason: reason,
        nextDueOn: null,
      });
      await appendTimeline(tx, {
        schoolId,
        incidentId: action.incidentId,
        event: "action-waived",
        userId: viewer.userId,
        details: { action_id: id, student_id: action.studentId, reason },
      });
    });
    return outOne(db, schoolId, id);
  }

  /**
   * mine: the caller's responsibilities (any staff member may be made responsible, so no grant is needed for
   * these); all: every action of the school, for formative-actions.read holders who follow the whole school —
   * others get theirs. Actions of cancelled incidents are left out: nothing remains to follow there.
   */
  async function list(viewer: Viewer, query: { scope: "mine" | "all"; state?: ActionState }) {
    requireStaff(viewer);
    const { schoolId } = viewer.tenant;
    const everyone =
      query.scope === "all" &&
      scopeOf(viewer) === "school" &&
      viewer.tenant.grants.has(perm("formative-actions", "read"));
    return repo.loadActions(
      db,
      schoolId,
      { responsibleId: everyone ? undefined : viewer.userId, state: query.state, activeIncidents: true },
      await schoolToday(db, schoolId),
    );
  }

  /**
   * The formative actions of one student (their file): those of incidents in the caller's scope and those they
   * are responsible for; a family reads their own child's, of incidents shown to families, with other students'
   * names replaced.
   */
  async function ofStudent(viewer: Viewer, studentId: number) {
    const { schoolId } = viewer.tenant;
    const scope = await resolveScope(db, viewer);
    requireFilterableStudent(scope, studentId);
    // A path naming a student of another school (or none) is not found, as every /api/students/:id route answers.
    if (!(await findStudent(db, schoolId, studentId))) throw new AppError("NOT_FOUND");
    const mine = scope.kind === "family" ? undefined : eq(formativeActions.responsibleId, viewer.userId);
    // What a family reads of them passes the family-redaction hook (lib/family-reader.ts) on the way out.
    return repo.loadActions(
      db,
      schoolId,
      { studentId, visible: mine ? or(incidentsWhere(scope), mine) : incidentsWhere(scope), activeIncidents: true },
      await schoolToday(db, schoolId),
    );
  }

  return { create, update, complete: setCompleted, waive, list, ofStudent };
}

export type FormativeActionsService = ReturnType<typeof createFormativeActionsService>;
