import type { IncidentCategory, RegistrationOptions } from "@convive/domain";

/**
 * What the registration form fills in by itself so a common incident takes a handful of taps: the group and
 * subject from the teacher's own assignments, the categories that can actually be used.
 */

type Groups = RegistrationOptions["groups"];
type Assignments = RegistrationOptions["assignments"];

/**
 * The group of an incident: the students' group when they all share one, otherwise the first group the caller
 * teaches or heads (`mine`, listed first by the server), otherwise none.
 */
export function prefillGroupId(students: readonly { group_id: number | null }[], groups: Groups): number | null {
  const known = new Set(groups.map((g) => g.id));
  const shared = new Set(students.map((s) => s.group_id));
  if (students.length > 0 && shared.size === 1) {
    const only = students[0]!.group_id;
    if (only !== null && known.has(only)) return only;
  }
  return groups.find((g) => g.mine)?.id ?? null;
}

/** The subject the caller teaches in that group (their first assignment there), or none. */
export function prefillSubjectId(groupId: number | null, assignments: Assignments): number | null {
  if (groupId === null) return null;
  return assignments.find((a) => a.group_id === groupId)?.subject_id ?? null;
}

/** The caller is the responsible of proposed formative actions when they are on the staff list. */
export const defaultResponsibleId = (userId: number | null | undefined, staff: RegistrationOptions["staff"]) =>
  userId != null && staff.some((s) => s.id === userId) ? userId : null;

/** Active categories with their active types only; a category left without types is not offered. */
export function usableCategories(categories: readonly IncidentCategory[]): IncidentCategory[] {
  return categories
    .filter((c) => c.is_active)
    .map((c) => ({ ...c, types: c.types.filter((t) => t.is_active) }))
    .filter((c) => c.types.length > 0);
}

export function findType(categories: readonly IncidentCategory[], typeId: string | number | null) {
  if (typeId === null || typeId === "") return null;
  for (const c of categories) {
    const type = c.types.find((t) => t.id === Number(typeId));
    if (type) return type;
  }
  return null;
}

/** Groups for a picker: the caller's own first (as the server sends them), each marked. */
export function groupsMineFirst(groups: Groups): Groups {
  return [...groups.filter((g) => g.mine), ...groups.filter((g) => !g.mine)];
}

const MAX_PLACE_CHIPS = 6;

/** Quick picks for the place: the school's recent places first, then common ones until there are six. */
export function placeChips(recent: readonly string[], common: readonly string[]) {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const place of [...recent, ...common]) {
    const key = place.trim().toLocaleLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(place.trim());
    if (out.length === MAX_PLACE_CHIPS) break;
  }
  return out;
}
