// Forms to parents (issue 29 §1, §2). The form configurator keeps the school's form templates: questions of nine
// types with es/en labels and help, required or not, and one simple condition (show this question when an earlier
// one has a given value). Sending a form snapshots the template's version: a sent form keeps the questions it was
// sent with whatever the template becomes. Families answer once per student (either family member; the other sees
// who answered), may keep a draft and change their answer until the due date; then, or once staff close it, the
// form is read-only. The rules on questions and answers are pure functions in forms-rules.ts.
import { z } from "zod";
import { Id, multiLine, QueryId, singleLine } from "./fields.ts";
import { MessageAttachment } from "./messages.ts";
import { IsoDate } from "./school-years.ts";

export const FORM_FIELD_TYPES = [
  "short_text",
  "long_text",
  "single_choice",
  "multiple_choice",
  "yes_no",
  "date",
  "number",
  "file",
  "acknowledgement",
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
/** The types whose answer is one of the question's options (a condition may test them; charts count them). */
export const CHOICE_TYPES = ["single_choice", "multiple_choice", "yes_no"] as const satisfies FormFieldType[];

/** How many missing students the completion view lists (the figures per group count them all). */
export const MISSING_SHOWN = 200;

export const FORM_LIMITS = {
  fields: 60,
  options: 30,
  shortText: 200,
  longText: 4000,
  label: 300,
  help: 1000,
  /** Students chosen one by one in a send. */
  students: 2000,
} as const;

/** A field's stable key inside its template ("q1", "permiso"): answers and conditions name fields by it. */
export const FieldKey = singleLine()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9_-]+$/i);

export const FormOption = z.object({
  value: FieldKey,
  label: singleLine().trim().min(1).max(FORM_LIMITS.label),
  label_en: singleLine().trim().min(1).max(FORM_LIMITS.label),
});
export type FormOption = z.infer<typeof FormOption>;

/** Show this field only when the field `field` (an earlier one) has the value `equals` (for multiple choice: holds it). */
export const FormCondition = z.object({ field: FieldKey, equals: singleLine().trim().min(1).max(FORM_LIMITS.label) });
export type FormCondition = z.infer<typeof FormCondition>;

export const FormField = z.object({
  key: FieldKey,
  type: z.enum(FORM_FIELD_TYPES),
  label: singleLine().trim().min(1).max(FORM_LIMITS.label),
  label_en: singleLine().trim().min(1).max(FORM_LIMITS.label),
  help: multiLine().trim().max(FORM_LIMITS.help).default(""),
  help_en: multiLine().trim().max(FORM_LIMITS.help).default(""),
  required: z.boolean().default(false),
  /** single_choice and multiple_choice only. */
  options: z.array(FormOption).max(FORM_LIMITS.options).default([]),
  condition: FormCondition.nullable().default(null),
});
export type FormField = z.infer<typeof FormField>;
export type FormFieldInput = z.input<typeof FormField>;

/** A template as written in the configurator; the structural rules (keys, options, conditions) are checked after. */
export const FormTemplateBody = z.object({
  name: singleLine().trim().min(1).max(150),
  name_en: singleLine().trim().min(1).max(150),
  description: multiLine().trim().max(FORM_LIMITS.help).default(""),
  description_en: multiLine().trim().max(FORM_LIMITS.help).default(""),
  fields: z.array(FormField).min(1).max(FORM_LIMITS.fields),
});
export type FormTemplateBody = z.infer<typeof FormTemplateBody>;
export const UpdateFormTemplateBody = FormTemplateBody.partial().extend({ active: z.boolean().optional() });
export type UpdateFormTemplateBody = z.infer<typeof UpdateFormTemplateBody>;

/**
 * A field as answers carry it: the same shape as `FormField` with plain strings — the request helpers (singleLine,
 * multiLine, the key's pattern) check what comes in, never what is served, so a version stored before a rule
 * tightened is still shown (input-hygiene test).
 */
export const FormFieldShown = z.object({
  key: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  label_en: z.string(),
  help: z.string(),
  help_en: z.string(),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string(), label_en: z.string() })),
  condition: z.object({ field: z.string(), equals: z.string() }).nullable(),
});

/** The questions of one version, as stored and as sent. */
export const FormDefinition = z.object({
  name: z.string(),
  name_en: z.string(),
  description: z.string(),
  description_en: z.string(),
  fields: z.array(FormFieldShown),
});
export type FormDefinition = z.infer<typeof FormDefinition>;

export const FormTemplate = FormDefinition.extend({
  id: z.number(),
  /** The name in the reader's language. */
  label: z.string(),
  active: z.boolean(),
  /** Raised by every change of the questions; a send snapshots it. */
  version: z.number(),
  /** How many forms were sent from it. */
  sent: z.number(),
  updated_at: z.string(),
});
export type FormTemplate = z.infer<typeof FormTemplate>;

// ---- Sending ----

/** Whom a form goes to: whole groups, whole grades, chosen students (their families); the union of the three. */
export const FormAudience = z.object({
  group_ids: z.array(Id).max(500).default([]),
  grade_ids: z.array(Id).max(200).default([]),
  student_ids: z.array(Id).max(FORM_LIMITS.students).default([]),
});
export type FormAudience = z.infer<typeof FormAudience>;

export const SendFormBody = z.object({
  template_id: Id,
  due_date: IsoDate,
  audience: FormAudience,
});
export type SendFormBody = z.infer<typeof SendFormBody>;

export const FORM_STATUSES = ["open", "closed"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export const ANSWER_STATUSES = ["pending", "draft", "submitted"] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

/** Every answer of one student: field key → value (text, option value(s), yes/no, date, number, file id, signature). */
export const AcknowledgementValue = z.object({
  accepted: z.literal(true),
  signer: singleLine().trim().min(2).max(150),
});
export const AnswerValue = z.union([
  multiLine().max(FORM_LIMITS.longText),
  z.number().finite(),
  z.array(FieldKey).max(FORM_LIMITS.options),
  AcknowledgementValue,
  z.null(),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;
export const FormAnswers = z.record(FieldKey, AnswerValue);
export type FormAnswers = z.infer<typeof FormAnswers>;
/** Answers as served: plain values (see FormFieldShown). */
export const FormAnswersShown = z.record(
  z.string(),
  z.union([
    z.string(),
    z.number(),
    z.array(z.string()),
    z.object({ accepted: z.literal(true), signer: z.string() }),
    z.null(),
  ]),
);

/** PUT /api/forms/:id/students/:studentId/answer: a draft (`submit: false`) or the answer (checked in full). */
export const SaveAnswerBody = z.object({ answers: FormAnswers, submit: z.boolean() });
export type SaveAnswerBody = z.infer<typeof SaveAnswerBody>;

export const FormPerson = z.object({ id: z.number(), name: z.string() });

/** One sent form in a list: for staff with its completion, for a family with its children's state. */
export const SentForm = z.object({
  id: z.number(),
  template_id: z.number(),
  version: z.number(),
  /** The form's name in the reader's language. */
  title: z.string(),
  due_date: z.string(),
  status: z.enum(FORM_STATUSES),
  closed_at: z.string().nullable(),
  sent_by: FormPerson,
  sent_at: z.string(),
  /** Who it went to, as a reader reads it: "1° A Primaria, 2° B Primaria" or "3 estudiantes". */
  audience_label: z.string(),
  students: z.number(),
  submitted: z.number(),
});
export type SentForm = z.infer<typeof SentForm>;

export const FormAnswerRow = z.object({
  student: z.object({ id: z.number(), name: z.string(), group: z.string().nullable() }),
  status: z.enum(ANSWER_STATUSES),
  answers: FormAnswersShown,
  /** The family member who submitted (or last saved the draft), with the time. */
  answered_by: FormPerson.nullable(),
  submitted_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  files: z.array(MessageAttachment),
});
export type FormAnswerRow = z.infer<typeof FormAnswerRow>;

/** A family's view of one form: its questions and one row per child it was sent for. */
export const FamilyForm = SentForm.extend({
  definition: FormDefinition,
  /** Whether answers can still be saved (open and the due date not past). */
  editable: z.boolean(),
  children: z.array(FormAnswerRow),
});
export type FamilyForm = z.infer<typeof FamilyForm>;

export const GroupCompletion = z.object({
  group_id: z.number().nullable(),
  group: z.string(),
  students: z.number(),
  submitted: z.number(),
  drafts: z.number(),
});
export type GroupCompletion = z.infer<typeof GroupCompletion>;

/** Staff's view: the form, completion per group (in the reader's scope) and who has not answered. */
export const FormCompletion = SentForm.extend({
  definition: FormDefinition,
  groups: z.array(GroupCompletion),
  /** The first MISSING_SHOWN students without a submitted answer, in class-list order; `missing_total` counts all. */
  missing: z.array(z.object({ student: FormAnswerRow.shape.student, status: z.enum(ANSWER_STATUSES) })),
  missing_total: z.number(),
  can_manage: z.boolean(),
});
export type FormCompletion = z.infer<typeof FormCompletion>;

export const FormAnswersPage = z.object({ rows: z.array(FormAnswerRow) });
export type FormAnswersPage = z.infer<typeof FormAnswersPage>;

/** Per question: how many answered, and per option the count (choices); a sample of text answers is not given. */
export const QuestionSummary = z.object({
  key: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  answered: z.number(),
  options: z.array(z.object({ value: z.string(), label: z.string(), count: z.number() })),
});
export const FormSummary = z.object({ submitted: z.number(), questions: z.array(QuestionSummary) });
export type FormSummary = z.infer<typeof FormSummary>;

export const FormListQuery = z.object({ status: z.enum(FORM_STATUSES).optional() });
export type FormListQuery = z.infer<typeof FormListQuery>;

export const RemindResult = z.object({ reminded: z.number() });

/** PUT /api/forms/:id/students/:studentId/answer. */
export const FormStudentParams = z.object({ id: QueryId, studentId: QueryId });
