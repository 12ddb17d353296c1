import type { Archive, FormativeAction, IncidentListItem } from "@convive/domain";
import { type ActionState, addDays, formatNumber } from "@convive/domain/core";

/** The number of matches: "1,234" or, past the server's count cap, "1,000+" ("…" while it is being counted). */
export function totalLabel(archive: Pick<Archive, "total" | "total_capped">, lang: string) {
  if (archive.total === null) return "…";
  const figure = formatNumber(archive.total, lang, 0);
  return archive.total_capped ? `${figure}+` : figure;
}

/**
 * Pages to offer. Past the count cap (or while the count is on its way) the real total is unknown: one more page
 * is offered while the current one is full, so a user can keep going.
 */
export function pageCount(archive: Pick<Archive, "total" | "total_capped" | "page" | "per_page" | "incidents">) {
  const pages = Math.max(1, Math.ceil((archive.total ?? 0) / archive.per_page));
  if (archive.total !== null && !archive.total_capped) return pages;
  const full = archive.incidents.length === archive.per_page;
  return Math.max(pages, archive.page + (full ? 1 : 0));
}

/** "1–25" of the current page (for "1–25 of 1,234"). */
export function pageRange(archive: Pick<Archive, "page" | "per_page" | "incidents">) {
  if (archive.incidents.length === 0) return null;
  const first = (archive.page - 1) * archive.per_page + 1;
  return { first, last: first + archive.incidents.length - 1 };
}

/** A student's name as the reader may see it: families get null for other children (shown as "Otro estudiante"). */
export const studentName = (student: IncidentListItem["students"][number], other: string) => student.name ?? other;

/** The name of a student an archive filter points at, found among the rows shown (the URL only holds the id). */
export function studentNameIn(incidents: readonly IncidentListItem[] | undefined, id: number | undefined) {
  if (id === undefined || !incidents) return null;
  for (const incident of incidents) {
    const found = incident.students.find((s) => s.id === id);
    if (found?.name) return found.name;
  }
  return null;
}

// ───────────────────────── formative actions ─────────────────────────

/** The first occurrence still to be done, or null when all are (or the action was waived). */
export function nextOpenOn(action: Pick<FormativeAction, "occurrences" | "waived_at">): string | null {
  if (action.waived_at) return null;
  const open = action.occurrences.filter((o) => !o.completed_at).map((o) => o.on);
  open.sort();
  return open[0] ?? null;
}

/** Occurrences done out of all of them. */
export const progressOf = (action: Pick<FormativeAction, "occurrences">) => ({
  done: action.occurrences.filter((o) => o.completed_at).length,
  total: action.occurrences.length,
});

const STATE_RANK: Record<ActionState, number> = { overdue: 0, pending: 1, completed: 2, waived: 3 };

/** Overdue first, then pending, completed and waived; within each, the one due soonest (or oldest) first. */
export function sortActions(list: readonly FormativeAction[]): FormativeAction[] {
  const due = (a: FormativeAction) => nextOpenOn(a) ?? a.ends_on ?? a.starts_on;
  return [...list].sort(
    (a, b) =>
      STATE_RANK[a.state] - STATE_RANK[b.state] ||
      (due(a) < due(b) ? -1 : due(a) > due(b) ? 1 : 0) ||
      a.incident_folio - b.incident_folio ||
      a.id - b.id,
  );
}

// ───────────────────────── date presets ─────────────────────────

/** Quick ranges of the date filter, ending today: today, the last 7 and 30 days and this month. */
export function datePresets(today: string) {
  return {
    today: [today, today],
    week: [addDays(today, -6), today],
    month: [addDays(today, -29), today],
    thisMonth: [`${today.slice(0, 8)}01`, today],
  } as const satisfies Record<string, readonly [string, string]>;
}
