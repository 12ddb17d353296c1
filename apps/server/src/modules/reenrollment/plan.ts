import { createHash } from "node:crypto";
import {
  type ConditionedOutcome,
  ERRORS,
  type ErrorCode,
  REENROLLMENT_OUTCOMES,
  type ReenrollmentCounts,
  type ReenrollmentExceptionBody,
  type ReenrollmentGroupMapping,
  type ReenrollmentOutcome,
  type ReenrollmentSourceGroup,
  type ReenrollmentStudent,
  type ReenrollmentTarget,
  type ReenrollmentTargetGroup,
} from "@convive/domain";
import { AppError } from "../../lib/errors.ts";

// The re-enrollment's rule, pure: from the current year's groups and students, the mapping and the exceptions to
// every student's destination. The preview and the apply run the same function on what they read, so the apply
// does exactly what the preview showed (its fingerprint must match).

export interface PlanGrade {
  id: number;
  name: string;
  order: number;
  sectionId: number;
  sectionName: string;
  sectionNameEn: string | null;
}

export interface PlanGroup {
  id: number;
  name: string;
  gradeId: number;
  studentsCount: number;
}

export interface PlanStudent {
  id: number;
  enrollment: string;
  firstName: string;
  paternalSurname: string;
  maternalSurname: string;
  groupId: number;
}

export interface PlanInput {
  /** In section then grade order. */
  grades: readonly PlanGrade[];
  sourceGroups: readonly PlanGroup[];
  targetGroups: readonly PlanGroup[];
  /** Active students of the current year's groups. */
  students: readonly PlanStudent[];
  /** Students who already have a group in the next year. */
  enrolledInTarget: ReadonlySet<number>;
  /** The latest conditioned enrollment per student (inclusion), null outcome while open. */
  conditioned: ReadonlyMap<number, { outcome: ConditionedOutcome | null }>;
  groups: readonly ReenrollmentGroupMapping[];
  exceptions: readonly ReenrollmentExceptionBody[];
}

export interface Plan {
  groups: ReenrollmentSourceGroup[];
  targets: ReenrollmentTargetGroup[];
  students: ReenrollmentStudent[];
  counts: ReenrollmentCounts;
  fingerprint: string;
}

/** A next-year group's key: its grade and its name as people read it (case does not make another group). */
export const targetKey = (t: ReenrollmentTarget) => `${t.grade_id}|${t.name.trim().toLocaleLowerCase("es")}`;

/** The grade after each grade in its section (by order); the last grade of a section has none: it graduates. */
export function nextGrades(grades: readonly PlanGrade[]): Map<number, number | null> {
  const next = new Map<number, number | null>();
  const bySection = new Map<number, PlanGrade[]>();
  for (const g of grades) bySection.set(g.sectionId, [...(bySection.get(g.sectionId) ?? []), g]);
  for (const list of bySection.values()) {
    for (const [i, g] of list.entries()) next.set(g.id, list[i + 1]?.id ?? null);
  }
  return next;
}

/** 422 with every field's reason; the first one's code heads it when it is a re-enrollment rule. */
function refuse(fields: Record<string, ErrorCode>): never {
  const first = Object.values(fields)[0]!;
  throw new AppError(ERRORS[first].status === 422 ? first : "VALIDATION", fields);
}

export function planReenrollment(input: PlanInput): Plan {
  const fields: Record<string, ErrorCode> = {};
  const gradeIds = new Set(input.grades.map((g) => g.id));
  const next = nextGrades(input.grades);
  const checkTarget = (to: ReenrollmentTarget | null | undefined, path: string) => {
    if (to && !gradeIds.has(to.grade_id)) fields[`${path}.grade_id`] = "NOT_FOUND";
  };

  const mapping = new Map<number, ReenrollmentTarget | null>();
  const sourceIds = new Set(input.sourceGroups.map((g) => g.id));
  input.groups.forEach((m, i) => {
    if (!sourceIds.has(m.source_group_id)) fields[`groups.${i}.source_group_id`] = "NOT_FOUND";
    checkTarget(m.to, `groups.${i}.to`);
    mapping.set(m.source_group_id, m.to ? { grade_id: m.to.grade_id, name: m.to.name.trim() } : null);
  });

  const groups: ReenrollmentSourceGroup[] = input.sourceGroups.map((g) => {
    const nextGrade = next.get(g.gradeId) ?? null;
    const defaultTo = nextGrade === null ? null : { grade_id: nextGrade, name: g.name };
    return {
      id: g.id,
      name: g.name,
      grade_id: g.gradeId,
      students_count: g.studentsCount,
      default_to: defaultTo,
      to: mapping.has(g.id) ? mapping.get(g.id)! : defaultTo,
    };
  });
  const groupById = new Map(groups.map((g) => [g.id, g]));

  const eligible = (id: number) =>
    !input.enrolledInTarget.has(id) && input.conditioned.get(id)?.outcome !== "not_reenrolled";
  const studentIds = new Set(input.students.map((s) => s.id));
  const exceptions = new Map<number, ReenrollmentExceptionBody>();
  input.exceptions.forEach((e, i) => {
    if (!studentIds.has(e.student_id) || !eligible(e.student_id)) {
      fields[`exceptions.${i}.student_id`] = "REENROLLMENT_STUDENT_NOT_ELIGIBLE";
    }
    if (e.outcome === "changes_group" && !e.to) fields[`exceptions.${i}.to`] = "REENROLLMENT_GROUP_REQUIRED";
    if (e.outcome === "changes_group") checkTarget(e.to, `exceptions.${i}.to`);
    exceptions.set(e.student_id, e);
  });
  if (Object.keys(fields).length > 0) refuse(fields);

  const students: ReenrollmentStudent[] = input.students.map((s) => {
    const group = groupById.get(s.groupId)!;
    const standing = input.conditioned.get(s.id);
    let outcome: ReenrollmentOutcome;
    let to: ReenrollmentTarget | null = null;
    const exception = exceptions.get(s.id);
    if (input.enrolledInTarget.has(s.id)) outcome = "already_enrolled";
    else if (standing?.outcome === "not_reenrolled") outcome = "not_reenrolled";
    else if (exception?.outcome === "repeats") {
      outcome = "repeats";
      to = { grade_id: group.grade_id, name: group.name };
    } else if (exception?.outcome === "changes_group") {
      outcome = "changes_group";
      to = { grade_id: exception.to!.grade_id, name: exception.to!.name.trim() };
    } else if (exception) outcome = exception.outcome;
    else if (group.to === null) outcome = "graduated";
    else {
      outcome = "promoted";
      to = group.to;
    }
    return {
      id: s.id,
      enrollment: s.enrollment,
      first_name: s.firstName,
      paternal_surname: s.paternalSurname,
      maternal_surname: s.maternalSurname,
      source_group_id: s.groupId,
      outcome,
      to,
      conditioned: standing ? { outcome: standing.outcome } : null,
    };
  });

  // The next year's groups the plan fills: an existing one of that grade and name, or one to create.
  const existing = new Map(input.targetGroups.map((g) => [targetKey({ grade_id: g.gradeId, name: g.name }), g]));
  const targets = new Map<string, ReenrollmentTargetGroup>();
  for (const s of students) {
    if (!s.to) continue;
    const key = targetKey(s.to);
    const found = existing.get(key);
    const target = targets.get(key) ?? {
      grade_id: s.to.grade_id,
      name: found?.name ?? s.to.name,
      group_id: found?.id ?? null,
      students_count: 0,
      existing_count: found?.studentsCount ?? 0,
    };
    target.students_count += 1;
    targets.set(key, target);
    s.to = { grade_id: target.grade_id, name: target.name };
  }
  const gradeOrder = new Map(input.grades.map((g, i) => [g.id, i]));
  const targetList = [...targets.values()].sort(
    (a, b) => gradeOrder.get(a.grade_id)! - gradeOrder.get(b.grade_id)! || a.name.localeCompare(b.name, "es"),
  );

  const counts = Object.fromEntries(REENROLLMENT_OUTCOMES.map((o) => [o, 0])) as ReenrollmentCounts;
  for (const s of students) counts[s.outcome] += 1;
  const fingerprint = createHash("sha256")
    .update(
      students
        .map((s) => `${s.id}:${s.source_group_id}:${s.outcome}:${s.to ? targetKey(s.to) : "-"}`)
        .sort()
        .join("\n"),
    )
    .digest("hex");
  return { groups, targets: targetList, students, counts, fingerprint };
}
