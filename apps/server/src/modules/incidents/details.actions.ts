import { actionState, type FormativeAction, occurrences, type Repeat } from "@convive/domain";
import type { ActionRow, CompletionRow } from "./details.repository.ts";

/**
 * Formatters per time zone, made once: building an Intl.DateTimeFormat costs tens of microseconds and memory
 * outside the JS heap, which an export of 50 000 rows would otherwise pay on every row.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant on the school's wall clock. */
export function schoolDay(at: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, f);
  }
  return f.format(at);
}

/**
 * A formative action with one entry per occurrence (the domain's occurrences(), completed or not) and its state
 * on the school's `today`.
 */
export function presentAction(
  a: ActionRow,
  completions: readonly Omit<CompletionRow, "actionId">[],
  incident: { id: number; folio: number },
  today: string,
): FormativeAction {
  const repeat = a.repeat as Repeat;
  const byDay = new Map(completions.map((c) => [c.on, c]));
  return {
    id: a.id,
    incident_id: incident.id,
    incident_folio: incident.folio,
    student: { id: a.studentId, name: a.studentName },
    guideline: a.guideline,
    responsible: { id: a.responsibleId, name: a.responsibleName },
    starts_on: a.startsOn,
    ends_on: a.endsOn,
    repeat,
    notes: a.notes,
    occurrences: occurrences(a.startsOn, a.endsOn, repeat).map((on) => {
      const done = byDay.get(on);
      return {
        on,
        completed_at: done ? done.completedAt.toISOString() : null,
        completed_by: done ? { id: done.completedBy, name: done.completerName } : null,
        note: done?.note ?? null,
      };
    }),
    state: actionState(
      { starts_on: a.startsOn, ends_on: a.endsOn, repeat, waived: a.waivedAt !== null },
      [...byDay.keys()],
      today,
    ),
    waived_at: a.waivedAt ? a.waivedAt.toISOString() : null,
    waived_by: a.waivedBy === null ? null : { id: a.waivedBy, name: a.waiverName ?? "" },
    waive_reason: a.waiveReason,
    created_at: a.createdAt.toISOString(),
    created_by: { id: a.createdBy, name: a.creatorName },
  };
}
