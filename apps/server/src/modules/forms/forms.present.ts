import {
  type FormAnswerRow,
  type FormAudience,
  type FormDefinition,
  type Language,
  type SentForm,
  todayIn,
} from "@convive/domain";
import type { FormRow, ResponseRow } from "./forms.repository.ts";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Whether a form still takes answers: not closed by staff and its due date (a school day, inclusive) not past. */
export const isOpen = (row: Pick<FormRow, "closed_at" | "due_date">, today: string) =>
  row.closed_at === null && row.due_date >= today;

/** "1° A Primaria, Primaria 2°, 3 estudiantes": who a form went to, as a reader reads it. */
export function audienceLabel(
  audience: FormAudience,
  names: { groups: Map<number, string>; grades: Map<number, string> },
  language: Language,
) {
  const parts = [
    ...audience.grade_ids.map((id) => names.grades.get(id) ?? "—"),
    ...audience.group_ids.map((id) => names.groups.get(id) ?? "—"),
  ];
  const n = audience.student_ids.length;
  if (n > 0)
    parts.push(language === "en" ? `${n} student${n === 1 ? "" : "s"}` : `${n} estudiante${n === 1 ? "" : "s"}`);
  return parts.join(", ");
}

export function presentForm(
  row: FormRow,
  names: { groups: Map<number, string>; grades: Map<number, string> },
  language: Language,
  today: string,
): SentForm {
  return {
    id: row.id,
    template_id: row.template_id,
    version: row.version,
    title: language === "en" ? row.name_en : row.name,
    due_date: row.due_date,
    status: isOpen(row, today) ? "open" : "closed",
    closed_at: iso(row.closed_at),
    sent_by: { id: row.sent_by, name: row.sent_by_name },
    sent_at: iso(row.sent_at)!,
    audience_label: audienceLabel(row.audience, names, language),
    students: row.students,
    submitted: row.submitted,
  };
}

export const presentResponse = (r: ResponseRow, files: FormAnswerRow["files"] = []): FormAnswerRow => ({
  student: { id: r.student_id, name: r.student_name, group: r.group },
  status: r.status,
  answers: r.answers as FormAnswerRow["answers"],
  answered_by: r.answered_by === null ? null : { id: r.answered_by, name: r.answered_by_name ?? "" },
  submitted_at: iso(r.submitted_at),
  updated_at: iso(r.updated_at),
  files,
});

export const definitionOfRow = (row: FormRow) => row.definition as FormDefinition;

export const schoolTodayIn = (timeZone: string | undefined) => todayIn(timeZone ?? "America/Mexico_City");
