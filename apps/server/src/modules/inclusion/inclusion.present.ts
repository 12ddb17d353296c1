import type { Condition, ConditionedEnrollment, Language, MessageAttachment } from "@convive/domain";
import type { Viewer } from "../incidents/index.ts";
import type { ConditionRow, Parts } from "./conditions.repository.ts";
import type { AckRow, EnrollmentRow } from "./enrollments.repository.ts";

// What a reader of the inclusion record sees: a family member gets neither the internal notes nor the conditioned
// enrollment's details (the letter's reasons and commitments are theirs to read). Teachers never come here: they
// read the adjustments alone (markers.repository.ts).

/** The support-file owner kinds of inclusion (modules/external-support's store). */
export const CONDITION_FILE = "condition";
export const SIGNED_LETTER_FILE = "signed_letter";

const label = (n: { name: string; nameEn: string }, language: Language | undefined) =>
  language === "en" ? n.nameEn : n.name;

export function presentCondition(
  row: ConditionRow,
  parts: Parts,
  documents: Map<number, MessageAttachment[]>,
  family: boolean,
  language: Language | undefined,
): Condition {
  const c = row.c;
  return {
    id: c.id,
    student_id: c.studentId,
    type: { id: c.conditionTypeId, label: label({ name: row.typeName, nameEn: row.typeNameEn }, language) },
    description: c.description,
    barriers: parts.barriers
      .filter((b) => b.conditionId === c.id)
      .map((b) => ({
        id: b.id,
        context: b.context as Condition["barriers"][number]["context"],
        description: b.description,
      })),
    adjustments: parts.adjustments
      .filter((a) => a.conditionId === c.id)
      .map((a) => ({
        id: a.id,
        kind: a.kind as Condition["adjustments"][number]["kind"],
        description: a.description,
        applied_by: a.appliedBy,
        since: a.since,
      })),
    usaer_support: c.usaerSupport,
    usaer_notes: c.usaerNotes,
    review_date: c.reviewDate,
    active: c.active,
    internal_notes: family ? null : c.internalNotes,
    documents: documents.get(c.id) ?? [],
    created_by: { id: c.createdBy, name: row.by },
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function presentEnrollment(
  row: EnrollmentRow,
  acks: AckRow[],
  letters: Map<number, MessageAttachment[]>,
  viewer: Viewer,
  family: boolean,
): ConditionedEnrollment {
  const e = row.e;
  const mine = acks.filter((a) => a.a.enrollmentId === e.id);
  // The latest signed paper uploaded is the letter (an earlier scan stays stored, replaced).
  const signed = letters.get(e.id)?.at(-1) ?? null;
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
    signed_letter: signed,
    letter_url: `/api/conditioned-enrollments/${e.id}/letter.pdf`,
    can_acknowledge:
      family && e.outcome === null && !mine.some((a) => a.a.role === "family" && a.a.userId === viewer.userId),
    created_by: { id: e.createdBy, name: row.by },
    created_at: e.createdAt.toISOString(),
  };
}
