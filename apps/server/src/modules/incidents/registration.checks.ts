import { type ErrorCode, type FormativeActionBody, INCIDENT_LIMITS, occurrenceCount } from "@convive/domain";
import { AppError } from "../../lib/errors.ts";
import type { StudentWithGroup, TypeWithCategory } from "./registration.repository.ts";

/**
 * The rules a registration or a correction must pass, each answering with the field it is about. Checks that need
 * no database run first, so a bad request costs nothing.
 */

/** A minute of slack: a phone's clock and the server's never agree to the second. */
const FUTURE_TOLERANCE_MS = 60_000;

/** Throws one error naming every field in `fields`: its code when they agree, VALIDATION otherwise. */
function fail(fields: Record<string, ErrorCode>): never {
  const codes = new Set(Object.values(fields));
  throw new AppError(codes.size === 1 ? [...codes][0]! : "VALIDATION", fields);
}

export function checkNoDuplicateStudents(list: readonly { student_id: number }[]) {
  const seen = new Set<number>();
  list.forEach((s, i) => {
    if (seen.has(s.student_id)) fail({ [`students.${i}.student_id`]: "DUPLICATE_STUDENT" });
    seen.add(s.student_id);
  });
}

export function checkNotFuture(occurredAt: string) {
  if (Date.parse(occurredAt) > Date.now() + FUTURE_TOLERANCE_MS) fail({ occurred_at: "FUTURE_DATE" });
}

/**
 * Not before the school year the incident belongs to: a date in a past year would file the incident under the
 * wrong year and period. Any day after the start is fine (summer courses happen after ends_on).
 */
export function checkWithinYear(localDay: string, yearStartsOn: string) {
  if (localDay < yearStartsOn) fail({ occurred_at: "BEFORE_SCHOOL_YEAR" });
}

/** Proposed actions: each for a student of the incident, repeating a bounded number of times. */
export function checkActionShapes(actions: readonly FormativeActionBody[], studentIds: ReadonlySet<number>) {
  const fields: Record<string, ErrorCode> = {};
  actions.forEach((a, i) => {
    if (!studentIds.has(a.student_id)) fields[`formative_actions.${i}.student_id`] = "STUDENT_NOT_IN_INCIDENT";
    if (occurrenceCount(a.starts_on, a.ends_on, a.repeat) > INCIDENT_LIMITS.maxOccurrences) {
      fields[`formative_actions.${i}.ends_on`] = "TOO_MANY_OCCURRENCES";
    }
  });
  if (Object.keys(fields).length > 0) fail(fields);
}

export function checkResponsibles(actions: readonly FormativeActionBody[], staffIds: ReadonlySet<number>) {
  const fields: Record<string, ErrorCode> = {};
  actions.forEach((a, i) => {
    if (!staffIds.has(a.responsible_id)) fields[`formative_actions.${i}.responsible_id`] = "NOT_STAFF";
  });
  if (Object.keys(fields).length > 0) fail(fields);
}

/** Another school's type (or none) is 404; a deactivated type, or one of a deactivated category, is refused. */
export function checkType(row: TypeWithCategory | undefined): TypeWithCategory["type"] {
  if (!row) throw new AppError("NOT_FOUND", { type_id: "NOT_FOUND" });
  if (!row.type.isActive || !row.categoryActive) fail({ type_id: "INACTIVE_OPTION" });
  return row.type;
}

/**
 * Every student of `list` (or only those in `only`: the ones a correction adds) must be the school's (404
 * otherwise) and still active — a withdrawn or graduated student is not put on an incident anew. Errors name the
 * student's index in `list`. Returns the rows by id.
 */
export function checkStudents(
  list: readonly { student_id: number }[],
  rows: readonly StudentWithGroup[],
  only?: ReadonlySet<number>,
): Map<number, StudentWithGroup> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const fields: Record<string, ErrorCode> = {};
  list.forEach((s, i) => {
    if (only && !only.has(s.student_id)) return;
    const row = byId.get(s.student_id);
    if (!row) throw new AppError("NOT_FOUND", { [`students.${i}.student_id`]: "NOT_FOUND" });
    if (row.status !== "active") {
      fields[`students.${i}.student_id`] = "INACTIVE_OPTION";
    }
  });
  if (Object.keys(fields).length > 0) fail(fields);
  return byId;
}

/**
 * Issue 32 §3: a registration written offline names the group each student was in then (`seen_group_id`); a
 * student who changed group since is a conflict the registrant decides (409 STUDENT_MOVED_GROUP naming them), not
 * something filed silently under another head teacher. Students sent without it are not compared.
 */
export function checkSameGroups(
  list: readonly { student_id: number; seen_group_id?: number | null }[],
  rows: ReadonlyMap<number, StudentWithGroup>,
) {
  const fields: Record<string, ErrorCode> = {};
  const names: string[] = [];
  list.forEach((s, i) => {
    const row = rows.get(s.student_id);
    if (s.seen_group_id === undefined || !row || row.groupId === s.seen_group_id) return;
    fields[`students.${i}.student_id`] = "STUDENT_MOVED_GROUP";
    names.push(row.name);
  });
  if (names.length > 0) throw new AppError("STUDENT_MOVED_GROUP", fields, { names: names.join(", ") });
}
