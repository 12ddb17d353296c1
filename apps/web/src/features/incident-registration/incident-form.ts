import type { IncidentType, RegisterIncidentBody, StudentOption } from "@convive/domain";
import {
  INCIDENT_LIMITS,
  isFutureWall,
  isWallTime,
  localGuidelines,
  type Repeat,
  type StudentRole,
  wallToInstant,
} from "@convive/domain/core";

/** A student chosen on the form, with how they took part. */
export interface PickedStudent extends StudentOption {
  role: StudentRole;
}

/** One guideline of the type, offered as a formative action for every involved student. */
export interface ProposedAction {
  guideline: string;
  chosen: boolean;
  responsible_id: string | null;
  starts_on: string;
  repeat: Repeat;
  /** "" while not set; required when the action repeats. */
  ends_on: string;
}

/** The registration form as typed (selects hold strings; the time is the school's wall clock). */
export interface IncidentValues {
  students: PickedStudent[];
  category_id: string | null;
  type_id: string | null;
  detail: string;
  place: string;
  occurred_at: string;
  group_id: string | null;
  subject_id: string | null;
  visible_to_family: boolean;
  actions: ProposedAction[];
}

export function emptyIncident(wallNow: string, keep?: Pick<IncidentValues, "group_id" | "subject_id">): IncidentValues {
  return {
    students: [],
    category_id: null,
    type_id: null,
    detail: "",
    place: "",
    occurred_at: wallNow,
    group_id: keep?.group_id ?? null,
    subject_id: keep?.subject_id ?? null,
    visible_to_family: true,
    actions: [],
  };
}

/**
 * The type's guidelines, in the reader's language, as proposals: not chosen until the registrant ticks them
 * (they are commitments).
 */
export function proposeActions(
  type: (Pick<IncidentType, "guidelines"> & { guidelines_en?: readonly string[] }) | null,
  defaults: { responsibleId: number | null; today: string },
  language = "es",
): ProposedAction[] {
  return (type ? localGuidelines(type, language) : []).map((guideline) => ({
    guideline,
    chosen: false,
    responsible_id: defaults.responsibleId === null ? null : String(defaults.responsibleId),
    starts_on: defaults.today,
    repeat: "none",
    ends_on: "",
  }));
}

export const involvedStudents = (values: Pick<IncidentValues, "students">) =>
  values.students.filter((s) => s.role === "involved");

/** How many formative actions the chosen guidelines make: one per involved student per guideline. */
export const actionCount = (values: Pick<IncidentValues, "students" | "actions">) =>
  values.actions.filter((a) => a.chosen).length * involvedStudents(values).length;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The checks the server makes too, before anything is sent. Answers i18n keys of the registration namespace
 * by form path ("detail", "actions.1.ends_on").
 */
export function validateIncident(values: IncidentValues, timeZone: string, now: Date = new Date()) {
  const errors: Record<string, string> = {};
  if (values.students.length === 0) errors.students = "errors.noStudents";
  else if (values.students.length > INCIDENT_LIMITS.maxStudents) errors.students = "errors.tooManyStudents";
  if (!values.type_id) errors.type_id = "errors.noType";
  if (values.detail.trim() === "") errors.detail = "errors.noDetail";
  if (!isWallTime(values.occurred_at) || wallToInstant(values.occurred_at, timeZone) === null) {
    errors.occurred_at = "errors.noDate";
  } else if (isFutureWall(values.occurred_at, timeZone, now)) errors.occurred_at = "errors.future";
  const chosen = values.actions.some((a) => a.chosen);
  if (chosen && involvedStudents(values).length === 0) errors.actions = "errors.noInvolved";
  values.actions.forEach((a, i) => {
    if (!a.chosen) return;
    if (!a.responsible_id) errors[`actions.${i}.responsible_id`] = "errors.noResponsible";
    if (!DAY.test(a.starts_on)) errors[`actions.${i}.starts_on`] = "errors.noDate";
    if (a.repeat !== "none") {
      if (!DAY.test(a.ends_on)) errors[`actions.${i}.ends_on`] = "errors.noEndDate";
      else if (a.ends_on < a.starts_on) errors[`actions.${i}.ends_on`] = "errors.endBeforeStart";
    }
  });
  return errors;
}

/**
 * The request for POST /api/incidents, and for each formative action sent the row of the form it came from
 * (so the server's "formative_actions.3.ends_on" lands on the right guideline).
 */
export function buildIncidentBody(values: IncidentValues, timeZone: string) {
  const involved = involvedStudents(values);
  const actionRows: number[] = [];
  const formative_actions: RegisterIncidentBody["formative_actions"] = [];
  values.actions.forEach((a, row) => {
    if (!a.chosen) return;
    for (const student of involved) {
      formative_actions.push({
        student_id: student.id,
        guideline: a.guideline,
        responsible_id: Number(a.responsible_id),
        starts_on: a.starts_on,
        ends_on: a.repeat === "none" || a.ends_on === "" ? null : a.ends_on,
        repeat: a.repeat,
        notes: null,
      });
      actionRows.push(row);
    }
  });
  const instant = wallToInstant(values.occurred_at, timeZone);
  const body: RegisterIncidentBody = {
    students: values.students.map((s) => ({ student_id: s.id, role: s.role })),
    type_id: Number(values.type_id),
    detail: values.detail.trim(),
    place: values.place.trim() || null,
    occurred_at: instant ? instant.toISOString() : values.occurred_at,
    group_id: values.group_id ? Number(values.group_id) : null,
    subject_id: values.subject_id ? Number(values.subject_id) : null,
    visible_to_family: values.visible_to_family,
    formative_actions,
  };
  return { body, actionRows };
}

const SAME_NAME = new Set(["type_id", "detail", "place", "occurred_at", "group_id", "subject_id", "visible_to_family"]);

/**
 * The server's field errors (paths of the request) on the form's fields. Anything without a field on the form
 * is handed back in `rest` so the screen can still show it.
 */
export function incidentErrorsFromServer(errors: Record<string, string>, actionRows: readonly number[]) {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const [head, index, ...tail] = path.split(".");
    let target: string | null = null;
    if (head === "students") target = "students";
    else if (head === "formative_actions") {
      const row = index === undefined ? undefined : actionRows[Number(index)];
      target = row === undefined ? "actions" : tail.length ? `actions.${row}.${tail.join(".")}` : `actions.${row}`;
    } else if (head && SAME_NAME.has(head) && index === undefined) target = head;
    if (target === null) rest.push(message);
    else fields[target] ??= message;
  }
  return { fields, rest };
}
