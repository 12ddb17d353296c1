import type { FormativeAction, IncidentDetail, TimelineEntry } from "@convive/domain";
import { meetingForReader, type Redactor } from "./redaction.ts";

/**
 * The parts of the details that loadIncidents does not already hand over redacted, as the reader may see them:
 * evidence file names, formative actions (guideline, notes, completion notes, waive reason), parent meetings and
 * every text value of the timeline (reasons, closing notes, guidelines…, and whatever later entries carry).
 * Staff get the incident unchanged.
 */
export function detailForReader(incident: IncidentDetail, redactor: Redactor, studentIds: number[]): IncidentDetail {
  if (!redactor.active) return incident;
  const text = (value: string) => redactor.text(value, studentIds);
  return {
    ...incident,
    attachments: incident.attachments.map((a) => ({ ...a, file_name: text(a.file_name) })),
    formative_actions: incident.formative_actions.map((a) => actionForReader(a, redactor, studentIds)),
    meetings: incident.meetings.map((m) => meetingForReader(m, redactor, studentIds)),
    timeline: incident.timeline.map((t) => timelineForReader(t, text)),
  };
}

/** A formative action as a family may read it: every text staff wrote, with other students' names replaced. */
export function actionForReader(action: FormativeAction, redactor: Redactor, studentIds: readonly number[]) {
  if (!redactor.active) return action;
  const maybe = (value: string | null) => redactor.maybe(value, studentIds);
  return {
    ...action,
    guideline: redactor.text(action.guideline, studentIds),
    notes: maybe(action.notes),
    waive_reason: maybe(action.waive_reason),
    occurrences: action.occurrences.map((o) => ({ ...o, note: maybe(o.note) })),
  };
}

/** Every string among a timeline entry's details, redacted (ids, numbers and lists of field names are left). */
function timelineForReader(entry: TimelineEntry, text: (value: string) => string): TimelineEntry {
  const details = Object.fromEntries(
    Object.entries(entry.details).map(([key, value]) => [key, typeof value === "string" ? text(value) : value]),
  );
  return { ...entry, details };
}
