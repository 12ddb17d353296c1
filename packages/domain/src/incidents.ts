/**
 * Incidents (product design §4): the enumerations and the pure rules shared by server and web — status
 * transitions, formative guidelines, occurrences of repeated formative actions and who sees what.
 */
import { ROLE_DIRECTOR, ROLE_FAMILIAR } from "./profile-templates.ts";

/** Spec §4 "open (in process), closed, cancelled/deleted": nothing is ever deleted, a cancelled one is kept. */
export const INCIDENT_STATUSES = ["open", "closed", "cancelled"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** How each student takes part in an incident. */
export const STUDENT_ROLES = ["involved", "affected", "witness"] as const;
export type StudentRole = (typeof STUDENT_ROLES)[number];

/**
 * Classification (severity) of an incident type, after the *Marco Local de Convivencia Escolar*: faltas leves,
 * graves y muy graves. Stored on the type and copied onto each incident so later edits of the type keep history.
 */
export const CLASSIFICATIONS = ["minor", "serious", "very-serious"] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

/** Formative actions repeat never, every day or every week, up to their end date. */
export const REPEATS = ["none", "daily", "weekly"] as const;
export type Repeat = (typeof REPEATS)[number];

export const MEETING_STATUSES = ["scheduled", "held", "cancelled", "no-show"] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const MEETING_MODES = ["in-person", "online"] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];

/** Observation types are positive (recognition) or neutral (a note that follows the student). */
export const OBSERVATION_KINDS = ["positive", "neutral"] as const;
export type ObservationKind = (typeof OBSERVATION_KINDS)[number];

/** What lands on an incident's append-only timeline. */
export const TIMELINE_EVENTS = [
  "created",
  "updated",
  "attachment-added",
  "action-created",
  "action-updated",
  "action-completed",
  "action-reopened",
  "action-waived",
  "meeting-scheduled",
  "meeting-updated",
  "closed",
  "cancelled",
  "reopened",
  // Issue 27 §1: a message to the family about this incident was sent (details: message and student ids, never the
  // text — the conversation keeps it).
  "message.sent",
  // Issue 28 §1: the student was referred to external support from this incident (details: referral and student
  // ids, never the reason). Confidential: shown only to readers of external support and the student's family.
  "referral.created",
  // Issue 30 §2: the incident's protocol (bullying) started, a step completed, waived, given another responsible or
  // gone overdue (details: step id and names, deadline, responsible; never the step's note). Staff only.
  "protocol.started",
  "protocol.step-completed",
  "protocol.step-waived",
  "protocol.step-reassigned",
  "protocol.step-overdue",
  "protocol.completed",
  // Issue 30 §1: a family member acknowledged the incident ("Enterado") or a meeting's minutes, optionally
  // disagreeing (details: acknowledgement, student and meeting ids, the disagreement flag and the session — never
  // the comment, which the acknowledgement keeps); staff reminded a family to do it (details: the student).
  "acknowledged",
  "minutes-acknowledged",
  "acknowledgement-reminded",
] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

export const INCIDENT_LIMITS = {
  maxStudents: 30,
  detailMax: 5000,
  placeMax: 120,
  noteMax: 2000,
  guidelineMax: 500,
  maxGuidelines: 30,
  /** A repeated action has at most this many occurrences (a daily one for a school year and a bit). */
  maxOccurrences: 400,
  maxAttachments: 10,
  /** Archive pages and the export. */
  maxPerPage: 100,
  maxExportRows: 50_000,
  /** The archive counts matches up to this figure and then says "1 000+": 40 pages of 25 is past what anyone reads
   * page by page, and counting further is what made a teacher's first page slow over 200 000 incidents. */
  countCap: 1_000,
} as const;

/** File types accepted as evidence besides images: documents a school actually receives. */
export const EVIDENCE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "application/pdf",
  "audio/mpeg",
  "audio/mp4",
  "video/mp4",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
] as const;

// ───────────────────────── formative guidelines ─────────────────────────

/** Spec §5: a guideline line with only a hyphen and no text is rejected. */
export const isHyphenOnlyLine = (line: string) => /^\s*[-–—]\s*$/.test(line);

/**
 * The guidelines written one per line in the configurator: blank lines are skipped, a leading "- " bullet is
 * dropped. Returns null when a line holds only a hyphen (the caller answers GUIDELINE_HYPHEN_ONLY).
 */
export function parseGuidelines(text: string): string[] | null {
  const lines = text.split(/\r?\n/);
  if (lines.some(isHyphenOnlyLine)) return null;
  return lines
    .map((l) =>
      l
        .trim()
        .replace(/^[-–—•]\s*/, "")
        .trim(),
    )
    .filter((l) => l.length > 0);
}

// ───────────────────────── statuses ─────────────────────────

export type IncidentTransition = "close" | "cancel" | "reopen";

/** The status a transition leads to from `from`, or null when it is not allowed (design §4). */
export function nextStatus(from: IncidentStatus, transition: IncidentTransition): IncidentStatus | null {
  if (transition === "close") return from === "open" ? "closed" : null;
  if (transition === "cancel") return from === "open" ? "cancelled" : null;
  return from === "closed" ? "open" : null;
}

/** Reopening a closed incident is the Director's call (design §4); the role name is read literally (spec §6). */
export const mayReopen = (profileName: string) => profileName === ROLE_DIRECTOR;

// ───────────────────────── formative action occurrences ─────────────────────────

const DAY = 86_400_000;
const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The dates (YYYY-MM-DD) a formative action is due: its date alone, or every day / every week from its date to
 * its end date inclusive. Without an end date a repeated action happens once.
 */
export function occurrences(startsOn: string, endsOn: string | null, repeat: Repeat): string[] {
  const start = toDay(startsOn);
  if (repeat === "none" || !endsOn) return [startsOn];
  const end = toDay(endsOn);
  const step = repeat === "daily" ? DAY : 7 * DAY;
  const out: string[] = [];
  for (let t = start; t <= end && out.length < INCIDENT_LIMITS.maxOccurrences; t += step) out.push(fromDay(t));
  return out;
}

/** Number of occurrences, without building them (validation of a request). */
export function occurrenceCount(startsOn: string, endsOn: string | null, repeat: Repeat): number {
  if (repeat === "none" || !endsOn) return 1;
  const span = toDay(endsOn) - toDay(startsOn);
  if (span < 0) return 0;
  return Math.floor(span / (repeat === "daily" ? DAY : 7 * DAY)) + 1;
}

export const ACTION_STATES = ["pending", "overdue", "completed", "waived"] as const;
export type ActionState = (typeof ACTION_STATES)[number];

/**
 * Where a formative action stands on `today` (the school's date): waived, completed when every occurrence is,
 * overdue when an occurrence before today is still open, otherwise pending.
 */
export function actionState(
  action: { starts_on: string; ends_on: string | null; repeat: Repeat; waived: boolean },
  completedOn: readonly string[],
  today: string,
): ActionState {
  if (action.waived) return "waived";
  const done = new Set(completedOn);
  const due = occurrences(action.starts_on, action.ends_on, action.repeat);
  const open = due.filter((d) => !done.has(d));
  if (open.length === 0) return "completed";
  return open[0]! < today ? "overdue" : "pending";
}

// ───────────────────────── data scopes ─────────────────────────

/**
 * Which incidents a member sees (design §2): `family` — their own children's incidents shown to families, with
 * other students' names removed; `school` — everything (whoever may update incidents follows the whole school:
 * Director, Coordinador, Orientador); `own` — those they recorded and those of the groups they teach or head.
 */
export type IncidentScope = "school" | "own" | "family";

export function incidentScope(profileName: string, grants: ReadonlySet<string>): IncidentScope {
  if (profileName === ROLE_FAMILIAR) return "family";
  return grants.has("incidents.update") ? "school" : "own";
}

/** The name of a school-defined list entry a reader sees: English when asked for and present, otherwise Spanish. */
export const localizedName = (row: { name_es: string; name_en: string | null }, language: string) =>
  language === "en" && row.name_en ? row.name_en : row.name_es;
