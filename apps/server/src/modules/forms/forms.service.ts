import {
  answerText,
  checkAnswers,
  type FamilyForm,
  type FormCompletion,
  type FormListQuery,
  type FormSummary,
  fileIdsOf,
  labelIn,
  MISSING_SHOWN,
  optionsOf,
  type SaveAnswerBody,
  type SentForm,
} from "@convive/domain";
import { AppError } from "../../lib/errors.ts";
import { schoolToday } from "../external-support/index.ts";
import type { Viewer } from "../incidents/index.ts";
import { canManage, isFamily, languageOf, rowScope } from "./access.ts";
import { claimFormFiles, formFilesOf } from "./files.repository.ts";
import { definitionOfRow, isOpen, presentForm, presentResponse } from "./forms.present.ts";
import * as repo from "./forms.repository.ts";
import { type SendDeps, tellFamilies } from "./send.service.ts";
import { refuseIssues } from "./templates.service.ts";

/**
 * Sent forms as each reader sees them (issue 29 §2): staff their completion per group, each answer and a summary
 * per question within their scope; a family its children's rows, which either family member fills (a draft until
 * submitted, changed until the due date); closed forms read-only. Another school's form, or one that reaches none
 * of the reader's students, is 404.
 */
export function createForms(deps: SendDeps) {
  const { db } = deps;

  async function reach(viewer: Viewer, formId: number, withDefinition = true) {
    const { schoolId } = viewer.tenant;
    const [scope, today] = await Promise.all([rowScope(db, viewer), schoolToday(db, schoolId)]);
    const [row] = await repo.listForms(db, schoolId, scope, { userId: viewer.userId, formId, today, withDefinition });
    if (!row) throw new AppError("NOT_FOUND");
    return { row, scope, today };
  }

  async function list(viewer: Viewer, query: FormListQuery): Promise<SentForm[]> {
    const { schoolId } = viewer.tenant;
    const language = languageOf(viewer);
    const [scope, today, names] = await Promise.all([
      rowScope(db, viewer),
      schoolToday(db, schoolId),
      repo.audienceNames(db, schoolId, language),
    ]);
    const open = query.status === undefined ? undefined : query.status === "open";
    const rows = await repo.listForms(db, schoolId, scope, { userId: viewer.userId, today, open });
    return rows.map((r) => presentForm(r, names, language, today));
  }

  /** One sent form as a list shows it (the send's answer). */
  async function one(viewer: Viewer, formId: number): Promise<SentForm> {
    const language = languageOf(viewer);
    const { row, today } = await reach(viewer, formId, false);
    const names = await repo.audienceNames(db, viewer.tenant.schoolId, language);
    return presentForm(row, names, language, today);
  }

  /** Staff: the completion view. */
  async function completion(viewer: Viewer, formId: number): Promise<FormCompletion> {
    if (isFamily(viewer.tenant)) throw new AppError("NOT_FOUND");
    const { schoolId } = viewer.tenant;
    const language = languageOf(viewer);
    const { row, scope, today } = await reach(viewer, formId);
    const [names, groups, missing] = await Promise.all([
      repo.audienceNames(db, schoolId, language),
      repo.groupCompletion(db, schoolId, formId, scope, language),
      repo.responses(db, schoolId, formId, scope, language, ["pending", "draft"], MISSING_SHOWN),
    ]);
    return {
      ...presentForm(row, names, language, today),
      definition: definitionOfRow(row),
      groups: groups.map((g) => ({ ...g, group: g.group ?? "—" })),
      missing: missing.map((m) => ({
        student: { id: m.student_id, name: m.student_name, group: m.group },
        status: m.status,
      })),
      missing_total: row.students - row.submitted,
      can_manage: canManage(viewer, row.sent_by),
    };
  }

  /** A family: the form and one row per child it went to (with who answered). */
  async function forFamily(viewer: Viewer, formId: number): Promise<FamilyForm> {
    const { schoolId } = viewer.tenant;
    const language = languageOf(viewer);
    const { row, scope, today } = await reach(viewer, formId);
    const [names, rows] = await Promise.all([
      repo.audienceNames(db, schoolId, language),
      repo.responses(db, schoolId, formId, scope, language),
    ]);
    const files = await formFilesOf(
      db,
      schoolId,
      rows.map((r) => r.id),
    );
    return {
      ...presentForm(row, names, language, today),
      definition: definitionOfRow(row),
      editable: isOpen(row, today),
      children: rows.map((r) => presentResponse(r, files.get(r.id))),
    };
  }

  /** PUT …/students/:studentId/answer: a family member of the student saves a draft or submits, until closed. */
  async function saveAnswer(viewer: Viewer, formId: number, studentId: number, body: SaveAnswerBody) {
    if (!isFamily(viewer.tenant)) throw new AppError("FORM_FAMILY_ONLY");
    const { schoolId } = viewer.tenant;
    const { row, scope, today } = await reach(viewer, formId);
    if (scope.kind !== "children" || !scope.studentIds.includes(studentId)) throw new AppError("NOT_FOUND");
    const [current] = await repo.responses(db, schoolId, formId, { kind: "children", studentIds: [studentId] }, "es");
    if (!current) throw new AppError("NOT_FOUND");
    if (!isOpen(row, today)) throw new AppError("FORM_CLOSED");
    // A submitted answer stays submitted: changing it is submitting again, checked in full.
    const submit = body.submit || current.status === "submitted";
    const { fields } = definitionOfRow(row);
    const { answers, issues } = checkAnswers(fields, body.answers, { submit });
    refuseIssues(issues);
    await db.transaction(async (tx) => {
      const id = await repo.saveResponse(tx, schoolId, formId, studentId, {
        answers,
        status: submit ? "submitted" : "draft",
        answeredBy: viewer.userId,
        submit: body.submit,
      });
      if (id === null) throw new AppError("NOT_FOUND");
      await claimFormFiles(tx, schoolId, viewer.userId, id, fileIdsOf(fields, answers));
    });
    return forFamily(viewer, formId);
  }

  /** Staff who manage the form close it: from then on it is read-only. */
  async function close(viewer: Viewer, formId: number) {
    const { row } = await reach(viewer, formId, false);
    if (!canManage(viewer, row.sent_by)) throw new AppError("FORBIDDEN");
    await db.transaction((tx) => repo.closeForm(tx, viewer.tenant.schoolId, formId, viewer.userId));
    return completion(viewer, formId);
  }

  /** Reminds the families in the reader's scope whose student has not submitted; how many were reminded. */
  async function remind(viewer: Viewer, formId: number) {
    const { schoolId } = viewer.tenant;
    const { row, scope, today } = await reach(viewer, formId, false);
    if (!canManage(viewer, row.sent_by)) throw new AppError("FORBIDDEN");
    if (!isOpen(row, today)) throw new AppError("FORM_CLOSED");
    const { publish, reminded } = await db.transaction(async (tx) => {
      const userIds = await repo.familiesOf(tx, schoolId, formId, { missingOnly: true, scope });
      return { publish: await tellFamilies(deps, tx, schoolId, formId, "reminder", userIds), reminded: userIds.length };
    });
    publish();
    return { reminded };
  }

  /** Staff: every submitted answer in scope, in class-list order. */
  async function answers(viewer: Viewer, formId: number) {
    if (isFamily(viewer.tenant)) throw new AppError("NOT_FOUND");
    const { schoolId } = viewer.tenant;
    const { scope } = await reach(viewer, formId, false);
    const rows = await repo.responses(db, schoolId, formId, scope, languageOf(viewer), ["submitted"]);
    const files = await formFilesOf(
      db,
      schoolId,
      rows.map((r) => r.id),
    );
    return { rows: rows.map((r) => presentResponse(r, files.get(r.id))) };
  }

  /** Staff: per question, how many answered and, for choices, how many chose each option. */
  async function summary(viewer: Viewer, formId: number): Promise<FormSummary> {
    if (isFamily(viewer.tenant)) throw new AppError("NOT_FOUND");
    const language = languageOf(viewer);
    const { row, scope } = await reach(viewer, formId);
    const rows = await repo.responses(db, viewer.tenant.schoolId, formId, scope, language, ["submitted"]);
    const questions = definitionOfRow(row).fields.map((field) => {
      const values = rows
        .map((r) => r.answers[field.key])
        .filter((v) => answerText(field, v as never, language) !== "");
      const options = optionsOf(field).map((o) => ({
        value: o.value,
        label: labelIn(o, language),
        count: values.filter((v) => (Array.isArray(v) ? v.includes(o.value) : v === o.value)).length,
      }));
      return { key: field.key, type: field.type, label: labelIn(field, language), answered: values.length, options };
    });
    return { submitted: rows.length, questions };
  }

  return { list, one, completion, forFamily, saveAnswer, close, remind, answers, summary, reach };
}

export type FormsService = ReturnType<typeof createForms>;
