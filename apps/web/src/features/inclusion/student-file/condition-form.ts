import type { AdjustmentKind, BarrierContext, Condition, ConditionBody } from "@convive/domain";

export interface ConditionValues {
  condition_type_id: string | null;
  description: string;
  barriers: { context: BarrierContext; description: string }[];
  adjustments: { kind: AdjustmentKind; description: string; applied_by: string; since: string }[];
  usaer_support: boolean;
  usaer_notes: string;
  review_date: string;
  internal_notes: string;
}

/** The form's values: an empty condition with one adjustment to fill, or the condition being edited. */
export function conditionValues(condition: Condition | null, today: string): ConditionValues {
  if (!condition)
    return {
      condition_type_id: null,
      description: "",
      barriers: [],
      adjustments: [{ kind: "methodological", description: "", applied_by: "", since: today }],
      usaer_support: false,
      usaer_notes: "",
      review_date: "",
      internal_notes: "",
    };
  return {
    condition_type_id: String(condition.type.id),
    description: condition.description,
    barriers: condition.barriers.map(({ context, description }) => ({ context, description })),
    adjustments: condition.adjustments.map(({ kind, description, applied_by, since }) => ({
      kind,
      description,
      applied_by,
      since,
    })),
    usaer_support: condition.usaer_support,
    usaer_notes: condition.usaer_notes,
    review_date: condition.review_date ?? "",
    internal_notes: condition.internal_notes ?? "",
  };
}

/** The body the API takes (trimmed; USAER notes only with USAER support; the new documents' ids). */
export function conditionBody(v: ConditionValues, documentIds: number[]): ConditionBody {
  return {
    condition_type_id: Number(v.condition_type_id),
    description: v.description.trim(),
    barriers: v.barriers.map((b) => ({ context: b.context, description: b.description.trim() })),
    adjustments: v.adjustments.map((a) => ({
      ...a,
      description: a.description.trim(),
      applied_by: a.applied_by.trim(),
    })),
    usaer_support: v.usaer_support,
    usaer_notes: v.usaer_support ? v.usaer_notes.trim() : "",
    review_date: v.review_date || null,
    internal_notes: v.internal_notes.trim(),
    document_ids: documentIds,
  };
}

/** The server's errors on the form's own paths (`adjustments.0.description`) go on the fields; others above it. */
export function splitServerErrors(errors: Record<string, string>, fields: readonly string[]) {
  const onFields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    if (fields.includes(path.split(".")[0] ?? "")) onFields[path] = message;
    else rest.push(message);
  }
  return { fields: onFields, rest };
}
