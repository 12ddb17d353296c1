import type { IncidentDetail, TimelineEntry } from "@convive/domain";
import { formatDateTime, formatDay, MEETING_STATUSES } from "@convive/domain/core";
import type { TFunction } from "i18next";

type Incident = Pick<
  IncidentDetail,
  "folio" | "students" | "formative_actions" | "meetings" | "closing_note" | "cancel_reason"
>;

export interface TimelineContext {
  incident: Incident;
  /** A t() that reaches the incidents and incidentDetails namespaces. */
  t: TFunction;
  lang: string;
  timeZone: string;
}

export interface TimelineText {
  /** The sentence of incidents:timeline.<event> with its values filled in. */
  text: string;
  /** Further lines: the student it concerns, the action, the meeting's date or status, what changed. */
  lines: string[];
}

/** Fields of an incident the "updated" event may name, with their label keys (unknown ones are shown as sent). */
const FIELD_LABELS: Record<string, string> = {
  students: "fields.students",
  type_id: "fields.type",
  detail: "fields.detail",
  place: "fields.place",
  occurred_at: "fields.occurredAt",
  group_id: "fields.group",
  subject_id: "fields.subject",
  visible_to_family: "fields.visibleToFamily",
  guideline: "fields.guideline",
  responsible_id: "fields.responsible",
  starts_on: "fields.startsOn",
  ends_on: "fields.endsOn",
  repeat: "fields.repeat",
  notes: "fields.notes",
  scheduled_at: "fields.scheduledAt",
  mode: "fields.mode",
  meeting_url: "fields.meetingUrl",
  attendee_ids: "fields.attendees",
  agreements: "fields.agreements",
  minutes: "fields.minutes",
  status: "fields.status",
};

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const str = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A student id of the details as the reader may see it: the name, or "Otro estudiante" when withheld. */
function studentName(id: number, ctx: TimelineContext): string {
  const student = ctx.incident.students.find((s) => s.id === id);
  return student?.name ?? ctx.t("incidents:otherStudent");
}

function actionOf(details: Record<string, unknown>, ctx: TimelineContext) {
  const id = num(details.formative_action_id) ?? num(details.action_id);
  return id === null ? undefined : ctx.incident.formative_actions.find((a) => a.id === id);
}

/** The values the event's sentence names, falling back on what the incident itself knows. */
function sentenceValues(entry: TimelineEntry, ctx: TimelineContext): Record<string, string> {
  const d = entry.details;
  const action = actionOf(d, ctx);
  const occurrence = str(d.occurrence_on) ?? str(d.on);
  const fallbackReason = entry.event === "cancelled" ? ctx.incident.cancel_reason : null;
  const dash = "—";
  // Issue 30 §2: a protocol step's (or the protocol's) name in the reader's language.
  const en = ctx.lang.startsWith("en");
  const step = (en ? str(d.name_en) : null) ?? str(d.name_es) ?? dash;
  const protocol = (en ? str(d.protocol_en) : null) ?? str(d.protocol_es) ?? dash;
  return {
    step,
    protocol,
    folio: String(num(d.folio) ?? ctx.incident.folio),
    file_name: str(d.file_name) ?? str(d.name) ?? dash,
    guideline: str(d.guideline) ?? action?.guideline ?? dash,
    occurrence_on: occurrence && isDay(occurrence) ? formatDay(occurrence, { lang: ctx.lang }) : (occurrence ?? dash),
    reason: str(d.reason) ?? fallbackReason ?? dash,
    closing_note: str(d.closing_note) ?? str(d.note) ?? dash,
  };
}

/** Lines under the sentence, from whatever the event's details carry. */
function detailLines(entry: TimelineEntry, ctx: TimelineContext): string[] {
  const { t } = ctx;
  const d = entry.details;
  const lines: string[] = [];
  const studentIds = Array.isArray(d.student_ids) ? d.student_ids.filter((v) => num(v) !== null) : [];
  const studentId = num(d.student_id) ?? actionOf(d, ctx)?.student.id ?? null;
  const ids = studentIds.length > 0 ? (studentIds as number[]) : studentId !== null ? [studentId] : [];
  if (ids.length > 0) {
    lines.push(
      t("incidentDetails:timeline.students", {
        count: ids.length,
        names: ids.map((id) => studentName(id, ctx)).join(", "),
      }),
    );
  }
  const action = actionOf(d, ctx);
  if (action && entry.event !== "action-created" && !str(d.guideline)) {
    lines.push(t("incidentDetails:timeline.action", { guideline: action.guideline }));
  }
  const responsible = str(d.responsible) ?? str(d.responsible_name);
  if (responsible) lines.push(t("incidentDetails:timeline.responsible", { name: responsible }));
  const meeting = num(d.meeting_id) === null ? undefined : ctx.incident.meetings.find((m) => m.id === d.meeting_id);
  const scheduledAt = str(d.scheduled_at) ?? meeting?.scheduled_at ?? null;
  if (scheduledAt && !Number.isNaN(Date.parse(scheduledAt))) {
    lines.push(t("incidentDetails:timeline.scheduledAt", { when: formatDateTime(scheduledAt, ctx) }));
  }
  const status = str(d.status);
  if (status && entry.event.startsWith("meeting") && (MEETING_STATUSES as readonly string[]).includes(status)) {
    lines.push(t("incidentDetails:timeline.meetingStatus", { status: t(`incidents:meetingStatus.${status}`) }));
  }
  const fields = Array.isArray(d.fields) ? d.fields : Array.isArray(d.changed) ? d.changed : [];
  const names = fields.filter((f): f is string => typeof f === "string");
  if (names.length > 0) {
    const labels = names.map((f) => (FIELD_LABELS[f] ? t(`incidentDetails:${FIELD_LABELS[f]}`) : f));
    lines.push(t("incidentDetails:timeline.changed", { fields: labels.join(", ") }));
  }
  const waived = num(d.waived_actions) ?? num(d.waived_count);
  if (waived) lines.push(t("incidentDetails:timeline.waivedActions", { count: waived }));
  if (d.disagrees === true) lines.push(t("incidentDetails:timeline.disagrees"));
  return lines;
}

/** One timeline entry in words: the event's sentence and the lines that say what it touched. */
export function describeEntry(entry: TimelineEntry, ctx: TimelineContext): TimelineText {
  return {
    text: ctx.t(`incidents:timeline.${entry.event}`, sentenceValues(entry, ctx)),
    lines: detailLines(entry, ctx),
  };
}

export type TimelineOrder = "newest" | "oldest";

/** Entries by time (then id, for entries of the same instant), newest first unless asked otherwise. */
export function sortTimeline(entries: readonly TimelineEntry[], order: TimelineOrder = "newest"): TimelineEntry[] {
  const sign = order === "newest" ? -1 : 1;
  return [...entries].sort((a, b) => sign * (Date.parse(a.at) - Date.parse(b.at) || a.id - b.id));
}
