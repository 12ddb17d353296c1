// The SQL of sent forms and their answers (issue 29 §2). Raw SQL where a query groups or joins across tables: each
// carries its school condition on every table it reads (the tenancy wall, lib/tenant-db.ts, written out).
import type { FormAudience, Language } from "@convive/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { forms, formVersions } from "../../db/schema/index.ts";
import { forSchool } from "../../lib/tenant-db.ts";

type Q = Db | Tx;
const rowsOf = async <T>(q: Q, query: ReturnType<typeof sql>) =>
  ((await q.execute(query)) as unknown as { rows: T[] }).rows;
const intArray = (ids: readonly number[]) => `{${ids.map(Number).join(",")}}`;

/** Which rows of a form a reader counts: the whole school, the groups of a teacher, a family's children. */
export type RowScope =
  | { kind: "school" }
  | { kind: "groups"; groupIds: number[] }
  | { kind: "children"; studentIds: number[] };

const rowWhere = (scope: RowScope) =>
  scope.kind === "school"
    ? sql`true`
    : scope.kind === "groups"
      ? sql`r.group_id = any(${intArray(scope.groupIds)}::int[])`
      : sql`r.student_id = any(${intArray(scope.studentIds)}::int[])`;

/** A group's label "3° A Primaria" (section in the reader's language). */
const groupLabel = (language: Language) =>
  sql`concat_ws(' ', gr.name, g.name, ${language === "en" ? sql`coalesce(s.name_en, s.name)` : sql`s.name`})`;

const GROUP_JOINS = sql`
  left join groups g on g.school_id = r.school_id and g.id = r.group_id
  left join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
  left join sections s on s.school_id = gr.school_id and s.id = gr.section_id`;

/** The version row of a template's current questions, written by its first send (two sends at once: one row). */
export async function versionFor(tx: Tx, schoolId: string, templateId: number, version: number, definition: unknown) {
  await tx
    .insert(formVersions)
    .values({ schoolId, templateId, version, definition: definition as never })
    .onConflictDoNothing();
  const [row] = await forSchool(tx, schoolId)
    .pick(formVersions, { id: formVersions.id })
    .where(eq(formVersions.templateId, templateId), eq(formVersions.version, version));
  return row!.id;
}

export async function insertForm(
  tx: Tx,
  schoolId: string,
  values: {
    templateId: number;
    versionId: number;
    audience: FormAudience;
    dueDate: string;
    sentBy: number;
    remindedStage: number;
  },
) {
  const [row] = await forSchool(tx, schoolId).insert(forms, values).returning({ id: forms.id });
  return row!.id;
}

/**
 * One pending row per active student of the year the audience reaches (groups, grades, chosen students), limited
 * to `groupIds` for a sender whose scope is her groups; one statement. Returns the students written.
 */
export async function insertResponses(
  tx: Tx,
  schoolId: string,
  formId: number,
  yearId: number,
  audience: FormAudience,
  groupIds: readonly number[] | null,
) {
  const rows = await rowsOf<{ student_id: number }>(
    tx,
    sql`
    insert into form_responses (school_id, form_id, student_id, group_id)
    select distinct on (sg.student_id) ${schoolId}, ${formId}, sg.student_id, sg.group_id
      from student_groups sg
      join groups g on g.school_id = sg.school_id and g.id = sg.group_id
      join students st on st.school_id = sg.school_id and st.id = sg.student_id and st.status = 'active'
     where sg.school_id = ${schoolId} and sg.school_year_id = ${yearId}
       and (sg.group_id = any(${intArray(audience.group_ids)}::int[])
            or g.grade_id = any(${intArray(audience.grade_ids)}::int[])
            or sg.student_id = any(${intArray(audience.student_ids)}::int[]))
       ${groupIds ? sql`and sg.group_id = any(${intArray(groupIds)}::int[])` : sql``}
     order by sg.student_id, sg.group_id
    returning student_id`,
  );
  return rows.map((r) => r.student_id);
}

/** The active family members of a form's students (all, or those not yet submitted), within a scope. */
export async function familiesOf(
  q: Q,
  schoolId: string,
  formId: number,
  opts: { missingOnly: boolean; scope: RowScope },
) {
  const rows = await rowsOf<{ user_id: number }>(
    q,
    sql`
    select distinct fl.user_id
      from form_responses r
      join family_links fl on fl.school_id = r.school_id and fl.student_id = r.student_id
      join memberships m on m.school_id = fl.school_id and m.user_id = fl.user_id and m.is_active
     where r.school_id = ${schoolId} and r.form_id = ${formId}
       ${opts.missingOnly ? sql`and r.status <> 'submitted'` : sql``}
       and ${rowWhere(opts.scope)}`,
  );
  return rows.map((r) => r.user_id);
}

export interface FormRow {
  id: number;
  template_id: number;
  version: number;
  name: string;
  name_en: string;
  definition: unknown;
  audience: FormAudience;
  due_date: string;
  closed_at: Date | string | null;
  sent_by: number;
  sent_by_name: string;
  sent_at: Date | string;
  students: number;
  submitted: number;
}

/**
 * Sent forms with their figures in the reader's scope; a form no row of which is in scope is left out unless the
 * reader sent it. One statement; newest first.
 */
export async function listForms(
  q: Q,
  schoolId: string,
  scope: RowScope,
  opts: { userId: number; formId?: number; open?: boolean; today: string; withDefinition?: boolean },
) {
  return rowsOf<FormRow>(
    q,
    sql`
    select f.id, f.template_id, v.version, v.definition->>'name' as name, v.definition->>'name_en' as name_en,
           ${opts.withDefinition ? sql`v.definition` : sql`null`} as definition,
           f.audience, f.due_date::text as due_date, f.closed_at, f.sent_by, f.sent_at,
           concat_ws(' ', u.first_name, nullif(u.paternal_surname, '')) as sent_by_name,
           coalesce(c.students, 0)::int as students, coalesce(c.submitted, 0)::int as submitted
      from forms f
      join form_versions v on v.school_id = f.school_id and v.id = f.version_id
      join users u on u.id = f.sent_by
      left join lateral (
        select count(*) as students, count(*) filter (where r.status = 'submitted') as submitted
          from form_responses r
         where r.school_id = f.school_id and r.form_id = f.id and ${rowWhere(scope)}
      ) c on true
     where f.school_id = ${schoolId}
       ${opts.formId !== undefined ? sql`and f.id = ${opts.formId}` : sql``}
       ${opts.open === true ? sql`and f.closed_at is null and f.due_date >= ${opts.today}::date` : sql``}
       ${opts.open === false ? sql`and (f.closed_at is not null or f.due_date < ${opts.today}::date)` : sql``}
       and (coalesce(c.students, 0) > 0 ${scope.kind === "children" ? sql`` : sql`or f.sent_by = ${opts.userId}`})
     order by f.sent_at desc, f.id desc
     limit 200`,
  );
}

/** Completion per group in scope (the group the student had when the form was sent). */
export async function groupCompletion(q: Q, schoolId: string, formId: number, scope: RowScope, language: Language) {
  return rowsOf<{ group_id: number | null; group: string | null; students: number; submitted: number; drafts: number }>(
    q,
    sql`
    select r.group_id, ${groupLabel(language)} as "group", count(*)::int as students,
           (count(*) filter (where r.status = 'submitted'))::int as submitted,
           (count(*) filter (where r.status = 'draft'))::int as drafts
      from form_responses r
      ${GROUP_JOINS}
     where r.school_id = ${schoolId} and r.form_id = ${formId} and ${rowWhere(scope)}
     group by r.group_id, gr.name, g.name, s.name, s.name_en, s."order", gr."order"
     order by s."order", gr."order", g.name`,
  );
}

export interface ResponseRow {
  id: number;
  student_id: number;
  student_name: string;
  group: string | null;
  status: "pending" | "draft" | "submitted";
  answers: Record<string, unknown>;
  answered_by: number | null;
  answered_by_name: string | null;
  submitted_at: Date | string | null;
  updated_at: Date | string | null;
}

/** The rows of a form in scope, in class-list order; `statuses` narrows them. */
export async function responses(
  q: Q,
  schoolId: string,
  formId: number,
  scope: RowScope,
  language: Language,
  statuses?: readonly string[],
  limit?: number,
) {
  return rowsOf<ResponseRow>(
    q,
    sql`
    select r.id, r.student_id,
           concat_ws(' ', st.first_name, nullif(st.paternal_surname, ''), nullif(st.maternal_surname, '')) as student_name,
           case when g.id is null then null else ${groupLabel(language)} end as "group",
           r.status, r.answers, r.answered_by,
           case when u.id is null then null else concat_ws(' ', u.first_name, nullif(u.paternal_surname, '')) end as answered_by_name,
           r.submitted_at, r.updated_at
      from form_responses r
      join students st on st.school_id = r.school_id and st.id = r.student_id
      ${GROUP_JOINS}
      left join users u on u.id = r.answered_by
     where r.school_id = ${schoolId} and r.form_id = ${formId} and ${rowWhere(scope)}
       ${statuses ? sql`and r.status = any(${`{${statuses.join(",")}}`}::text[])` : sql``}
     order by s."order", gr."order", g.name, st.paternal_surname, st.maternal_surname, st.first_name, st.id
     ${limit ? sql`limit ${limit}` : sql``}`,
  );
}

/** Saves a family's draft or answer; null when the row is not there. */
export async function saveResponse(
  tx: Tx,
  schoolId: string,
  formId: number,
  studentId: number,
  values: { answers: Record<string, unknown>; status: "draft" | "submitted"; answeredBy: number; submit: boolean },
) {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`
    update form_responses
       set answers = ${JSON.stringify(values.answers)}::jsonb, status = ${values.status},
           answered_by = ${values.answeredBy}, updated_at = now(),
           submitted_at = ${values.submit ? sql`now()` : sql`submitted_at`}
     where school_id = ${schoolId} and form_id = ${formId} and student_id = ${studentId}
     returning id`,
  );
  return rows[0]?.id ?? null;
}

export async function closeForm(tx: Tx, schoolId: string, formId: number, userId: number) {
  await forSchool(tx, schoolId)
    .update(forms, { closedAt: new Date(), closedBy: userId })
    .where(eq(forms.id, formId), sql`${forms.closedAt} is null`);
}

/** Claims the form for its first e-mails (null if another run did). */
export async function claimMailing(tx: Tx, schoolId: string, formId: number) {
  const [row] = await forSchool(tx, schoolId)
    .update(forms, { mailedAt: new Date() })
    .where(eq(forms.id, formId), sql`${forms.mailedAt} is null`)
    .returning({ id: forms.id });
  return row ?? null;
}

/**
 * The reminder sweep's pick (issue 29 §2): open forms of the school whose due date is two days away or today and
 * whose reminder for that occurrence has not gone; the stage is set in the same statement (once per occurrence).
 */
export async function takeDueReminders(tx: Tx, schoolId: string, today: string) {
  return rowsOf<{ id: number; stage: number; due_date: string }>(
    tx,
    sql`
    update forms set reminded_stage = case when due_date <= ${today}::date then 2 else 1 end
     where school_id = ${schoolId} and closed_at is null and due_date >= ${today}::date
       and ((due_date <= ${today}::date + 2 and reminded_stage < 1) or (due_date <= ${today}::date and reminded_stage < 2))
    returning id, reminded_stage as stage, due_date::text as due_date`,
  );
}

/** The template names and due date of a form, for notifications and e-mails. */
export async function mailFacts(q: Q, schoolId: string, formId: number) {
  const [row] = await rowsOf<{ name: string; name_en: string; due_date: string; time_zone: string }>(
    q,
    sql`
    select v.definition->>'name' as name, v.definition->>'name_en' as name_en, f.due_date::text as due_date,
           sc.time_zone
      from forms f
      join form_versions v on v.school_id = f.school_id and v.id = f.version_id
      join schools sc on sc.id = f.school_id
     where f.school_id = ${schoolId} and f.id = ${formId}`,
  );
  return row;
}

export async function mailboxes(q: Q, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return rowsOf<{ id: number; email: string; language: string | null }>(
    q,
    sql`select id, email, language from users where id = any(${intArray(userIds)}::int[])`,
  );
}

/** Students of the school that are in the year's groups given (or any group when null), of those asked for. */
export async function reachableStudents(
  q: Q,
  schoolId: string,
  yearId: number,
  studentIds: readonly number[],
  groupIds: readonly number[] | null,
) {
  if (studentIds.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    q,
    sql`
    select distinct sg.student_id as id from student_groups sg
     where sg.school_id = ${schoolId} and sg.school_year_id = ${yearId}
       and sg.student_id = any(${intArray(studentIds)}::int[])
       ${groupIds ? sql`and sg.group_id = any(${intArray(groupIds)}::int[])` : sql``}`,
  );
  return rows.map((r) => r.id);
}

/** The school's group and grade labels, for the audience's words. */
export async function audienceNames(q: Q, schoolId: string, language: Language) {
  const [groups, grades] = await Promise.all([
    rowsOf<{ id: number; label: string }>(
      q,
      sql`select g.id, ${groupLabel(language)} as label from groups g
            join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
            join sections s on s.school_id = gr.school_id and s.id = gr.section_id
           where g.school_id = ${schoolId}`,
    ),
    rowsOf<{ id: number; label: string }>(
      q,
      sql`select gr.id, concat_ws(' ', ${language === "en" ? sql`coalesce(s.name_en, s.name)` : sql`s.name`}, gr.name) as label
            from grades gr join sections s on s.school_id = gr.school_id and s.id = gr.section_id
           where gr.school_id = ${schoolId}`,
    ),
  ]);
  return { groups: new Map(groups.map((g) => [g.id, g.label])), grades: new Map(grades.map((g) => [g.id, g.label])) };
}

export const formExists = async (q: Q, schoolId: string, formId: number) =>
  (
    await forSchool(q as Tx, schoolId)
      .pick(forms, { id: forms.id })
      .where(and(eq(forms.id, formId)))
  ).length > 0;
