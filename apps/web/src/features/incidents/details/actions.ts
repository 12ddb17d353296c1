import type { FormativeAction, IncidentDetail } from "@convive/domain";
import type { ActionState } from "@convive/domain/core";

type Student = IncidentDetail["students"][number];
type Occurrence = FormativeAction["occurrences"][number];

/** States that still stand between the incident and its closing. */
export const isPending = (state: ActionState) => state === "pending" || state === "overdue";

export const pendingActions = (actions: readonly FormativeAction[]) => actions.filter((a) => isPending(a.state));

export interface StudentActions {
  /** The student's id, or null for actions of a student the reader may not know. */
  studentId: number | null;
  /** Null when the name is withheld (a family's view of another student). */
  name: string | null;
  actions: FormativeAction[];
}

const ROLE_RANK = { involved: 0, affected: 1, witness: 2 } as const;

/**
 * The actions grouped by student — involved students first, then affected, then witnesses, as the incident lists
 * them within a role; within a student the open ones come first (overdue before pending), then completed, then
 * waived, each by date.
 */
export function groupByStudent(actions: readonly FormativeAction[], students: readonly Student[]): StudentActions[] {
  const rank: Record<ActionState, number> = { overdue: 0, pending: 1, completed: 2, waived: 3 };
  const groups = new Map<number | null, StudentActions>();
  for (const s of [...students].sort((a, b) => ROLE_RANK[a.role] - ROLE_RANK[b.role])) {
    if (s.id !== null && !groups.has(s.id)) groups.set(s.id, { studentId: s.id, name: s.name, actions: [] });
  }
  for (const action of actions) {
    const id = action.student.id;
    const group = groups.get(id) ?? { studentId: id, name: action.student.name, actions: [] };
    group.actions.push(action);
    groups.set(id, group);
  }
  return [...groups.values()]
    .filter((g) => g.actions.length > 0)
    .map((g) => ({
      ...g,
      actions: [...g.actions].sort(
        (a, b) => rank[a.state] - rank[b.state] || a.starts_on.localeCompare(b.starts_on) || a.id - b.id,
      ),
    }));
}

/** How many actions are in each state (the tab's summary). */
export function countStates(actions: readonly FormativeAction[]): Record<ActionState, number> {
  const counts: Record<ActionState, number> = { pending: 0, overdue: 0, completed: 0, waived: 0 };
  for (const a of actions) counts[a.state] += 1;
  return counts;
}

/**
 * The occurrences a card shows: all of them when few or when expanded; otherwise a window of `limit` that starts
 * just before the first open one, so a daily action over months opens on the days that matter now.
 */
export function visibleOccurrences(
  occurrences: readonly Occurrence[],
  expanded: boolean,
  limit = 6,
): { shown: Occurrence[]; hidden: number } {
  if (expanded || occurrences.length <= limit) return { shown: [...occurrences], hidden: 0 };
  const firstOpen = occurrences.findIndex((o) => o.completed_at === null);
  const anchor = firstOpen === -1 ? occurrences.length - limit : Math.max(0, firstOpen - 1);
  const start = Math.min(anchor, occurrences.length - limit);
  return { shown: occurrences.slice(start, start + limit), hidden: occurrences.length - limit };
}

export const completedCount = (action: FormativeAction) =>
  action.occurrences.filter((o) => o.completed_at !== null).length;

/** An open occurrence whose day has passed. */
export const isLate = (occurrence: Occurrence, today: string) =>
  occurrence.completed_at === null && occurrence.on < today;

/**
 * Whether the reader may tick the occurrences of an action: while the incident is in process and the action is
 * not waived, its responsible user or whoever may update formative actions (the server checks again).
 */
export function mayTick(
  action: FormativeAction,
  incident: Pick<IncidentDetail, "status" | "allowed">,
  userId: number | null,
): boolean {
  if (incident.status !== "open" || action.state === "waived") return false;
  return incident.allowed.update_formative_actions || (userId !== null && action.responsible.id === userId);
}

/** The students a new action may be for: those the reader knows, each once. */
export function actionStudents(students: readonly Student[]): { id: number; name: string }[] {
  const seen = new Set<number>();
  const out: { id: number; name: string }[] = [];
  for (const s of [...students].sort((a, b) => ROLE_RANK[a.role] - ROLE_RANK[b.role])) {
    if (s.id === null || s.name === null || seen.has(s.id)) continue;
    seen.add(s.id);
    out.push({ id: s.id, name: s.name });
  }
  return out;
}

/** For a family: only the actions of their own children (the server filters too; this keeps it certain). */
export function visibleActions(actions: readonly FormativeAction[], students: readonly Student[], family: boolean) {
  if (!family) return [...actions];
  const own = new Set(students.filter((s) => s.id !== null && s.name !== null).map((s) => s.id));
  return actions.filter((a) => a.student.id !== null && own.has(a.student.id));
}

/**
 * The student a new action starts with: the one student involved (formative actions are for whoever did it, not
 * for the affected or the witnesses), or the only student the reader knows; none when there is a choice to make.
 */
export function defaultActionStudent(students: readonly Student[]): number | null {
  const involved = new Set(students.filter((s) => s.role === "involved" && s.id !== null).map((s) => s.id!));
  if (involved.size === 1) return [...involved][0]!;
  const known = actionStudents(students);
  return known.length === 1 ? known[0]!.id : null;
}
