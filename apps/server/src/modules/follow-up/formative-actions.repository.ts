import type { ActionState, FormativeAction, Repeat } from "@convive/domain";
import { occurrences } from "@convive/domain";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import { formativeActionCompletions, formativeActions, incidents, students, users } from "../../db/schema/index.ts";
import { personName, shortName } from "../../lib/names.ts";
import { forSchool, ofSchool, schoolRows } from "../../lib/tenant-db.ts";
import { presentAction } from "../incidents/index.ts";

export type ActionRow = typeof formativeActions.$inferSelect;

const actionRows = schoolRows(formativeActions);
/** The action of the school, locked for the rest of the transaction when asked. */
export const findAction = actionRows.find;
export const insertAction = actionRows.insert;

export const updateAction = actionRows.update;

/** The days already completed of an action. */
export async function completedDays(tx: Tx, schoolId: string, actionId: number): Promise<string[]> {
  const rows = await forSchool(tx, schoolId)
    .pick(formativeActionCompletions, { on: formativeActionCompletions.occurrenceOn })
    .where(eq(formativeActionCompletions.actionId, actionId));
  return rows.map((r) => r.on);
}

/** Records a completion; false when that day was already completed (the first record is kept). */
export async function insertCompletion(tx: Tx, values: typeof formativeActionCompletions.$inferInsert) {
  const rows = await tx
    .insert(formativeActionCompletions)
    .values(values)
    .onConflictDoNothing()
    .returning({ on: formativeActionCompletions.occurrenceOn });
  return rows.length > 0;
}

/** Removes a completion; false when that day was not completed. */
export async function deleteCompletion(tx: Tx, schoolId: string, actionId: number, on: string) {
  const rows = await forSchool(tx, schoolId)
    .delete(formativeActionCompletions)
    .where(eq(formativeActionCompletions.actionId, actionId), eq(formativeActionCompletions.occurrenceOn, on))
    .returning({ on: formativeActionCompletions.occurrenceOn });
  return rows.length > 0;
}

/** The first occurrence not completed yet; null when all are done or the action is waived. */
export function nextDueOn(
  action: { startsOn: string; endsOn: string | null; repeat: string; waivedAt: Date | null },
  completed: readonly string[],
): string | null {
  if (action.waivedAt) return null;
  const done = new Set(completed);
  return occurrences(action.startsOn, action.endsOn, action.repeat as Repeat).find((d) => !done.has(d)) ?? null;
}

/** An action's state as SQL on the kept next_due_on (same meaning as the domain's actionState). */
export function stateCondition(state: ActionState, today: string): SQL {
  const f = formativeActions;
  if (state === "waived") return isNotNull(f.waivedAt);
  if (state === "completed") return and(isNull(f.waivedAt), isNull(f.nextDueOn))!;
  if (state === "overdue") return and(isNull(f.waivedAt), lt(f.nextDueOn, today))!;
  return and(isNull(f.waivedAt), gte(f.nextDueOn, today))!;
}

export interface ActionFilter {
  ids?: number[];
  incidentId?: number;
  responsibleId?: number;
  studentId?: number;
  /** The caller's scope: a condition on `incidents` and the action. */
  visible?: SQL;
  state?: ActionState;
  /** Leaves out actions of cancelled incidents (the lists: nothing is left to follow there). */
  activeIncidents?: boolean;
  limit?: number;
}

const responsible = alias(users, "responsible");
const creator = alias(users, "creator");
const waiver = alias(users, "waiver");
const completer = alias(users, "completer");

/**
 * Actions in the response shape, most urgent first (open ones by next due day, then the rest), each with every
 * occurrence and who completed it. `today` is the school's date, for the state.
 */
export async function loadActions(tx: Tx, schoolId: string, filter: ActionFilter, today: string) {
  const f = formativeActions;
  const rows = await tx
    .select({
      action: f,
      incident_folio: incidents.folio,
      student_name: personName(students),
      responsible_name: shortName(responsible),
      created_by_name: shortName(creator),
      waived_by_name: sql<string | null>`case when ${waiver.id} is null then null else ${shortName(waiver)} end`,
    })
    .from(f)
    .innerJoin(incidents, ofSchool(incidents, f.schoolId, eq(incidents.id, f.incidentId)))
    .innerJoin(students, ofSchool(students, f.schoolId, eq(students.id, f.studentId)))
    .innerJoin(responsible, eq(responsible.id, f.responsibleId))
    .innerJoin(creator, eq(creator.id, f.createdBy))
    .leftJoin(waiver, eq(waiver.id, f.waivedBy))
    .where(
      ofSchool(
        f,
        schoolId,
        filter.ids ? inArray(f.id, filter.ids) : undefined,
        filter.incidentId ? eq(f.incidentId, filter.incidentId) : undefined,
        filter.responsibleId ? eq(f.responsibleId, filter.responsibleId) : undefined,
        filter.studentId ? eq(f.studentId, filter.studentId) : undefined,
        filter.visible,
        filter.state ? stateCondition(filter.state, today) : undefined,
        filter.activeIncidents ? ne(incidents.status, "cancelled") : undefined,
      ),
    )
    .orderBy(sql`${f.nextDueOn} asc nulls last`, asc(f.startsOn), asc(f.id))
    .limit(filter.limit ?? 1000);
  if (rows.length === 0) return [];

  const done = await tx
    .select({
      actionId: formativeActionCompletions.actionId,
      on: formativeActionCompletions.occurrenceOn,
      at: formativeActionCompletions.completedAt,
      note: formativeActionCompletions.note,
      by_id: completer.id,
      by_name: shortName(completer),
    })
    .from(formativeActionCompletions)
    .innerJoin(completer, eq(completer.id, formativeActionCompletions.completedBy))
    .where(
      ofSchool(
        formativeActionCompletions,
        schoolId,
        inArray(
          formativeActionCompletions.actionId,
          rows.map((r) => r.action.id),
        ),
      ),
    );
  const doneOf = new Map<number, (typeof done)[number][]>();
  for (const d of done) doneOf.set(d.actionId, [...(doneOf.get(d.actionId) ?? []), d]);
  // Presented exactly like the incident's details (one function for both answers).
  return rows.map(
    (r): FormativeAction =>
      presentAction(
        {
          ...r.action,
          studentName: r.student_name,
          responsibleName: r.responsible_name,
          waiverName: r.waived_by_name ?? "",
          creatorName: r.created_by_name,
        },
        (doneOf.get(r.action.id) ?? []).map((d) => ({
          on: d.on,
          completedAt: d.at,
          completedBy: d.by_id,
          completerName: d.by_name,
          note: d.note,
        })),
        { id: r.action.incidentId, folio: r.incident_folio },
        today,
      ),
  );
}
