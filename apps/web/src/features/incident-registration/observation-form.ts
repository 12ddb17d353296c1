import type { ObservationBody, StudentOption } from "@convive/domain";

/** The accompaniment-observation form as typed. */
export interface ObservationValues {
  student: StudentOption | null;
  observation_type_id: string | null;
  text: string;
  observed_on: string;
  /** A number, or "" while the field is cleared. */
  points: number | string;
  visible_to_family: boolean;
}

export const emptyObservation = (today: string): ObservationValues => ({
  student: null,
  observation_type_id: null,
  text: "",
  observed_on: today,
  points: 0,
  visible_to_family: true,
});

/** Checks made before sending; i18n keys of the registration namespace by form path. */
export function validateObservation(values: ObservationValues, today: string) {
  const errors: Record<string, string> = {};
  if (!values.student) errors.student = "errors.noStudent";
  if (!values.observation_type_id) errors.observation_type_id = "errors.noObservationType";
  if (values.text.trim() === "") errors.text = "errors.noText";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.observed_on)) errors.observed_on = "errors.noDate";
  else if (values.observed_on > today) errors.observed_on = "errors.future";
  const points = values.points === "" ? null : Number(values.points);
  if (points !== null && (!Number.isInteger(points) || points < 0 || points > 100)) errors.points = "errors.points";
  return errors;
}

export function buildObservationBody(values: ObservationValues): ObservationBody {
  return {
    student_id: values.student!.id,
    observation_type_id: Number(values.observation_type_id),
    text: values.text.trim(),
    observed_on: values.observed_on,
    ...(values.points === "" ? {} : { points: Number(values.points) }),
    visible_to_family: values.visible_to_family,
  };
}

/** The server's field errors on the observation form; the rest is shown above it. */
export function observationErrorsFromServer(errors: Record<string, string>) {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  const known: Record<string, string> = {
    student_id: "student",
    observation_type_id: "observation_type_id",
    text: "text",
    observed_on: "observed_on",
    points: "points",
    visible_to_family: "visible_to_family",
  };
  for (const [path, message] of Object.entries(errors)) {
    const target = known[path];
    if (target) fields[target] ??= message;
    else rest.push(message);
  }
  return { fields, rest };
}
