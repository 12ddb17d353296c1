import type { Condition, ConditionedEnrollment, Language } from "@convive/domain";
import type { Viewer } from "../incidents/index.ts";
import type * as repo from "./inclusion.repository.ts";

// What a reader sees of the inclusion records: a family member gets neither the internal notes nor the
// conditioned enrollment's details (the letter's reasons and commitments are theirs to read).

const label = (n: { name: string; nameEn: string }, language: Language | undefined) =>
  language === "en" ? n.nameEn : n.name;

export function presentCondition(row: repo.ConditionRow, family: boolean, language: Language | undefined): Condition {
  const c = row.c;
  return {
    id: c.id,
    student_id: c.studentId,
    type: { id: c.conditionTypeId, label: label({ name: row.typeName, nameEn: row.typeNameEn }, language) },
    description: c.description,
    barriers: c.barriers.map((b, i) => ({ id: i + 1, ...b })),
    adjustments: c.adjustments.map((a, i) => ({ id: i + 1, ...a })),
    usaer_support: c.usaerSupport,
    usaer_notes: c.usaerNotes,
    review_date: c.reviewDate,
    active: c.active,
    internal_notes: family ? null : c.internalNotes,
    documents: [],
    created_by: { id: c.createdBy, name: row.by },
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export type AckRow = Awaited<ReturnType<typeof repo.acknowledgementsOf>>[number];

export function presentEnrollment(
  row: repo.EnrollmentRow,
  acks: AckRow[],
  viewer: Viewer,
  family: boolean,
): ConditionedEnrollment {
  const e = row.e;
  const mine = acks.filter((a) => a.a.enrollmentId === e.id);
  return {
    id: e.id,
    student_id: e.studentId,
    reasons: e.reasons as ConditionedEnrollment["reasons"],
    details: family ? null : e.details,
    commitments: e.commitments,
    review_date: e.reviewDate,
    outcome: e.outcome as ConditionedEnrollment["outcome"],
    closed_at: e.closedAt?.toISOString() ?? null,
    acknowledgements: mine.map((a) => ({
      by: { id: a.a.userId, name: a.name },
      role: a.a.role as "family" | "student",
      at: a.a.at.toISOString(),
      comment: a.a.comment,
    })),
    signed_letter: null,
    letter_url: `/api/conditioned-enrollments/${e.id}/letter.pdf`,
    can_acknowledge:
      family && e.outcome === null && !mine.some((a) => a.a.role === "family" && a.a.userId === viewer.userId),
    created_by: { id: e.createdBy, name: row.by },
    created_at: e.createdAt.toISOString(),
  };
}
