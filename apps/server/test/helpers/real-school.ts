import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../src/db/client.ts";
import { formativeActions, notifications, sessions } from "../../src/db/schema/index.ts";
import { hashToken } from "../../src/lib/tokens.ts";
import { schoolDay } from "./follow-up.ts";
import { png } from "./images.ts";
import { incidentSchool, registration } from "./incidents.ts";
import type { JsonSchema } from "./sample-body.ts";

/**
 * A school with a row behind every kind of id a route takes: incidentSchool (structure, staff of every template,
 * two families) plus, through the API, an incident about a1 only with a formative action, a parent meeting, an
 * accompaniment observation and an evidence file. The generated walks fill paths and bodies from it.
 */
export async function realSchool(app: FastifyInstance, db: Db) {
  const s = await incidentSchool(app, db);
  const today = schoolDay();
  type Created = Record<string, { id: number }>;
  const ok = async (res: { statusCode: number; body: string; json: () => { data: Created } }) => {
    if (res.statusCode >= 300) throw new Error(`realSchool: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const { incident } = await ok(
    await s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, {
        formative_actions: [
          { student_id: s.a1.id, guideline: "Diálogo reflexivo", responsible_id: s.teacher.user.id, starts_on: today },
        ],
      }),
    }),
  );
  const incidentId = incident!.id;
  const { meeting } = await ok(
    await s.director.as({
      method: "POST",
      url: `/api/incidents/${incidentId}/meetings`,
      payload: {
        scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
        place: "Dirección",
        attendee_ids: [s.motherOfA1.user.id, s.teacher.user.id],
      },
    }),
  );
  const { observation } = await ok(
    await s.teacher.as({
      method: "POST",
      url: "/api/accompaniment-observations",
      payload: {
        student_id: s.a1.id,
        observation_type_id: s.observationType.id,
        text: "Participó",
        observed_on: today,
      },
    }),
  );
  const { attachment } = await ok(
    await s.teacher.as({
      method: "POST",
      url: `/api/incidents/${incidentId}/attachments?name=foto.png`,
      payload: png(),
      headers: { "content-type": "image/png" },
    }),
  );
  const [action] = await db
    .select({ id: formativeActions.id })
    .from(formativeActions)
    .where(and(eq(formativeActions.schoolId, s.school.id), eq(formativeActions.incidentId, incidentId)));
  const [notification] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.schoolId, s.school.id))
    .orderBy(asc(notifications.id))
    .limit(1);
  // Issue 13: the suggested grade setup and an alert rule, for the grade configurator's routes.
  const { grade_config: grades } = (await ok(
    await s.director.as({ method: "POST", url: "/api/grade-config/starter" }),
  )) as unknown as { grade_config: { scales: { id: number }[]; measures: { id: number }[] } };
  const { alert_rule: alertRule } = await ok(
    await s.director.as({
      method: "POST",
      url: "/api/grade-config/alert-rules",
      payload: { kind: "conduct-below-passing" },
    }),
  );
  // Issue 29: a form template and a form sent to group A, for the forms' routes.
  const { template: formTemplate } = await ok(
    await s.director.as({
      method: "POST",
      url: "/api/form-templates",
      payload: {
        name: "Permiso",
        name_en: "Permission",
        fields: [{ key: "ok", type: "yes_no", label: "¿Asiste?", label_en: "Attends?" }],
      },
    }),
  );
  const { form: sentForm } = await ok(
    await s.director.as({
      method: "POST",
      url: "/api/forms",
      payload: { template_id: formTemplate!.id, due_date: today, audience: { group_ids: [s.groupA.id] } },
    }),
  );
  const [teacherSession] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.accessHash, hashToken(s.teacher.token)));
  return {
    ...s,
    today,
    incidentId,
    actionId: action!.id,
    meetingId: meeting!.id,
    observationId: observation!.id,
    attachmentId: attachment!.id,
    notificationId: notification?.id ?? 1,
    scaleId: grades.scales[0]!.id,
    measureId: grades.measures[0]!.id,
    alertRuleId: alertRule!.id,
    teacherSessionId: teacherSession!.id,
    formTemplateId: formTemplate!.id,
    formId: sentForm!.id,
  };
}
export type RealSchool = Awaited<ReturnType<typeof realSchool>>;

/** The id of a real row of the school for a path parameter, from the parameter's name or the segment before it. */
export function pathValue(r: RealSchool, url: string, name: string): string {
  const segments = url.split("/");
  const at = segments.findIndex((seg) => seg === `:${name}` || seg === `{${name}}`);
  const before = segments[at - 1] ?? "";
  const subject = name === "id" ? before : name;
  const admin = url.startsWith("/api/admin/");
  const byName: Record<string, string | number> = {
    students: r.a1.id,
    incidents: r.incidentId,
    "formative-actions": r.actionId,
    "parent-meetings": r.meetingId,
    sections: r.section.id,
    grades: r.grade.id,
    groups: r.groupA.id,
    subjects: r.math.id,
    "school-years": r.year.id,
    "cycle-details": r.year.id,
    periodId: r.period.id,
    profiles: r.school.profileIds.docente,
    roles: r.school.profileIds.docente,
    "school-users": r.teacher.user.id,
    users: admin ? r.teacher.user.id : r.director.user.id,
    userId: r.motherOfA1.user.id,
    "incident-categories": r.category.id,
    "incident-types": r.type.id,
    "observation-types": r.observationType.id,
    scales: r.scaleId,
    measures: r.measureId,
    "alert-rules": r.alertRuleId,
    notifications: r.notificationId,
    jobs: randomUUID(),
    attachmentId: r.attachmentId,
    sessionId: r.teacherSessionId,
    schools: r.school.id,
    "help-videos": 1,
    "form-templates": r.formTemplateId,
    forms: r.formId,
    studentId: r.a1.id,
    kind: "users",
    enrollment: r.a1.enrollment,
    on: r.today,
    name: "a.png",
  };
  return String(byName[subject] ?? 1);
}

/** Numbers among the hints below that are sizes, not ids of the school's rows. */
export const NOT_ROW_IDS: ReadonlySet<string> = new Set(["max"]);

/** Values for body properties by name (ids of real rows, a real time zone…), for sampleOf's hint. */
export function bodyHint(r: RealSchool) {
  const byKey: Record<string, unknown> = {
    student_id: r.a1.id,
    students: r.a1.id,
    type_id: r.type.id,
    category_id: r.category.id,
    observation_type_id: r.observationType.id,
    group_id: r.groupA.id,
    grade_id: r.grade.id,
    grade_ids: r.grade.id,
    section_id: r.section.id,
    subject_id: r.math.id,
    school_year_id: r.year.id,
    responsible_id: r.teacher.user.id,
    user_id: r.teacher.user.id,
    user_ids: r.teacher.user.id,
    attendee_ids: r.teacher.user.id,
    head_teacher_id: r.teacher.user.id,
    profile_id: r.school.profileIds.docente,
    school_id: r.school.id,
    time_zone: "America/Mexico_City",
    email: "walk@example.test",
    video_url: "https://example.test/video",
    meeting_url: "https://example.test/sala",
    starts_on: r.today,
    ends_on: r.today,
    observed_on: r.today,
    occurrence_on: r.today,
    // Issue 28: referrals, conditions and conditioned enrollments carry days of the school's calendar.
    start_date: r.today,
    next_review_date: r.today,
    review_date: r.today,
    since: r.today,
    // Issue 29: a form is sent from a real template to group A, due today.
    template_id: r.formTemplateId,
    due_date: r.today,
    group_ids: r.groupA.id,
    // Issue 29: a medication authorisation's days.
    valid_from: r.today,
    valid_until: r.today,
    // Issue 32: a school's identity provider (an https issuer, an e-mail domain).
    issuer: "https://idp.example.test",
    allowed_domains: "colegio.edu.mx",
    // A numeric scale of the grade configurator: 1 to 10 (the sample's min is 1; min < max is a rule of the scale).
    max: 10,
  };
  return (key: string, _schema: JsonSchema) => byKey[key];
}
