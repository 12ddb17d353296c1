import { z } from "zod";
import {
  ACTION_STATES,
  CLASSIFICATIONS,
  INCIDENT_LIMITS,
  INCIDENT_STATUSES,
  MEETING_MODES,
  MEETING_STATUSES,
  OBSERVATION_KINDS,
  REPEATS,
  STUDENT_ROLES,
  TIMELINE_EVENTS,
} from "../incidents.ts";
import {
  multiLine,
  optionalText as optionalLines,
  QueryId,
  QueryIdList,
  QueryInt,
  Id as RowId,
  singleLine,
} from "./fields.ts";
import { IncidentCategorySchema, ObservationTypeSchema } from "./incident-config.ts";
import { Day } from "./students.ts";

/**
 * Incidents (design §4): registration, archive, details, statuses, formative actions, parent meetings and
 * accompaniment observations. Times are ISO 8601 instants; days are YYYY-MM-DD in the school's time zone.
 */

/** Free text a person writes in a text area (detail, notes, reasons…): several lines allowed. */
const text = (max: number) => multiLine().trim().min(1).max(max);
const optionalText = (max: number) => optionalLines(max, { multiline: true });
/** A place and the like: one line. */
const optionalLine = (max: number) => optionalLines(max);
const Instant = z.iso.datetime({ offset: true });

export const UserRef = z.object({ id: z.number(), name: z.string() });
export type UserRef = z.infer<typeof UserRef>;

/** GET /api/incidents/:id/meeting-attendees: families (with the incident's students they are family of) and staff. */
export const MeetingAttendeeOptions = z.object({
  family: z.array(UserRef.extend({ student_ids: z.array(z.number()) })),
  staff: z.array(UserRef),
});
export type MeetingAttendeeOptions = z.infer<typeof MeetingAttendeeOptions>;
const NamedRef = z.object({ id: z.number(), name_es: z.string(), name_en: z.string().nullable() });

// ───────────────────────── registration ─────────────────────────

export const IncidentStudentInput = z.object({ student_id: RowId, role: z.enum(STUDENT_ROLES) });

export const FormativeActionBody = z
  .object({
    student_id: RowId,
    guideline: text(INCIDENT_LIMITS.guidelineMax),
    responsible_id: RowId,
    starts_on: Day,
    ends_on: Day.nullish().transform((v) => v ?? null),
    repeat: z.enum(REPEATS).default("none"),
    notes: optionalText(INCIDENT_LIMITS.noteMax),
  })
  .refine((a) => a.repeat === "none" || (a.ends_on !== null && a.ends_on >= a.starts_on), {
    message: "DATE_RANGE",
    path: ["ends_on"],
  });
export type FormativeActionBody = z.infer<typeof FormativeActionBody>;

/**
 * A student of a registration. `seen_group_id` is the group the registrant saw the student in when writing it: an
 * incident written offline (issue 32 §3) sends it, and reaches the server later — by then the student may have
 * changed group, which is refused (409 STUDENT_MOVED_GROUP) unless the registrant confirms.
 */
export const RegisterIncidentStudent = IncidentStudentInput.extend({ seen_group_id: RowId.nullable().optional() });

export const RegisterIncidentBody = z.object({
  students: z.array(RegisterIncidentStudent).min(1).max(INCIDENT_LIMITS.maxStudents),
  type_id: RowId,
  detail: text(INCIDENT_LIMITS.detailMax),
  place: optionalLine(INCIDENT_LIMITS.placeMax),
  /** When it happened; not in the future (FUTURE_DATE). The web sends now by default. */
  occurred_at: Instant,
  group_id: RowId.nullish().transform((v) => v ?? null),
  subject_id: RowId.nullish().transform((v) => v ?? null),
  /** Defaults to the type's notify_family. */
  visible_to_family: z.boolean().optional(),
  /** Proposed from the type's guidelines and accepted by the registrant; may be empty. */
  formative_actions: z
    .array(FormativeActionBody)
    .max(INCIDENT_LIMITS.maxStudents * 5)
    .default([]),
  /** Send it although students named by `seen_group_id` are in another group now (their current group counts). */
  confirm_group_changes: z.boolean().optional(),
});
export type RegisterIncidentBody = z.infer<typeof RegisterIncidentBody>;

/** Corrections while the incident is open; students, when given, replaces the list. */
export const UpdateIncidentBody = z.object({
  students: z.array(IncidentStudentInput).min(1).max(INCIDENT_LIMITS.maxStudents).optional(),
  type_id: RowId.optional(),
  detail: text(INCIDENT_LIMITS.detailMax).optional(),
  place: optionalLine(INCIDENT_LIMITS.placeMax),
  occurred_at: Instant.optional(),
  group_id: RowId.nullish(),
  subject_id: RowId.nullish(),
  visible_to_family: z.boolean().optional(),
});
export type UpdateIncidentBody = z.infer<typeof UpdateIncidentBody>;

export const IncidentCreatedSchema = z.object({ id: z.number(), folio: z.number(), status: z.enum(INCIDENT_STATUSES) });

/** What the registration screen needs in one call. */
export const RegistrationOptionsSchema = z.object({
  can_register_incidents: z.boolean(),
  can_register_observations: z.boolean(),
  /** Today in the school's time zone and the zone itself (the web shows local times in it). */
  today: z.string(),
  time_zone: z.string(),
  categories: z.array(IncidentCategorySchema),
  observation_types: z.array(ObservationTypeSchema),
  /** Groups of the current school year; `mine` marks those the caller teaches or heads (listed first). */
  groups: z.array(z.object({ id: z.number(), label: z.string(), mine: z.boolean() })),
  subjects: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The caller's own teaching assignments, to prefill group and subject. */
  assignments: z.array(z.object({ group_id: z.number(), subject_id: z.number() })),
  /** Staff who may be made responsible for a formative action. */
  staff: z.array(UserRef),
  /** Places used recently in the school, most frequent first (quick picks on a phone). */
  places: z.array(z.string()),
});
export type RegistrationOptions = z.infer<typeof RegistrationOptionsSchema>;

export const StudentOptionsQuery = z.object({
  q: singleLine().trim().max(100).optional(),
  group_id: QueryId.optional(),
});
export const StudentOptionSchema = z.object({
  id: z.number(),
  enrollment: z.string(),
  name: z.string(),
  group_id: z.number().nullable(),
  group_label: z.string().nullable(),
  photo: z.string().nullable(),
  /** Issue 28 §3: the student has active reasonable adjustments (the marker; the adjustments open in one click). */
  has_adjustments: z.boolean().default(false),
  /** Issue 29 §4: the student has a critical allergy or condition (the health alert opens in one click). */
  has_health_alert: z.boolean().default(false),
});
export type StudentOption = z.infer<typeof StudentOptionSchema>;

// ───────────────────────── archive ─────────────────────────

export const ARCHIVE_SORTS = [
  "-occurred_at",
  "occurred_at",
  "-folio",
  "folio",
  "-classification",
  "classification",
] as const;

export const ArchiveQuery = z.object({
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, INCIDENT_LIMITS.maxPerPage).default(25),
  from: Day.optional(),
  to: Day.optional(),
  status: z.enum(INCIDENT_STATUSES).optional(),
  category_id: QueryId.optional(),
  type_id: QueryId.optional(),
  classification: z.enum(CLASSIFICATIONS).optional(),
  section_id: QueryId.optional(),
  grade_id: QueryId.optional(),
  group_id: QueryId.optional(),
  subject_id: QueryId.optional(),
  student_id: QueryId.optional(),
  recorded_by: QueryId.optional(),
  /** Issue 14: the day of the week the incident happened on the school's clock, 1 (Monday) to 7 (Sunday). */
  weekday: QueryInt(1, 7).optional(),
  /** Issue 14: the hour it happened on the school's clock, 0 to 23. */
  hour: QueryInt(0, 23).optional(),
  /** Issue 14: the place exactly as recorded (surrounding spaces aside). */
  place: singleLine().trim().min(1).max(INCIDENT_LIMITS.placeMax).optional(),
  /** Issue 14: leaves out the incidents of this status (the dashboard's figures leave out cancelled ones). */
  not_status: z.enum(INCIDENT_STATUSES).optional(),
  /** Folio number, or words of the detail, place or a student's name. */
  q: singleLine().trim().max(100).optional(),
  sort: z.enum(ARCHIVE_SORTS).default("-occurred_at"),
  /**
   * "now" (the default): the page with its count. "later": the page first — its total is null when finding it did
   * not count the matches, and GET /api/incidents/count counts them (the archive screen shows the page at once).
   */
  count: z.enum(["now", "later"]).default("now"),
});
export type ArchiveQuery = z.infer<typeof ArchiveQuery>;
export const ExportQuery = ArchiveQuery.omit({ page: true, per_page: true, count: true });
export type ExportQuery = z.infer<typeof ExportQuery>;

/**
 * A student as shown on an incident. For a family, students other than their own children have id, name,
 * enrollment and photo null (the role stays, so the family knows others took part).
 */
export const IncidentStudentSchema = z.object({
  id: z.number().nullable(),
  name: z.string().nullable(),
  enrollment: z.string().nullable(),
  photo: z.string().nullable(),
  role: z.enum(STUDENT_ROLES),
  group_label: z.string().nullable(),
  /** Issue 28 §3: on an incident's details, for staff — the student has active reasonable adjustments (else absent). */
  has_adjustments: z.boolean().optional(),
  /** Issue 29 §4: on an incident's details, for staff — a critical allergy or condition (else absent). */
  has_health_alert: z.boolean().optional(),
});

export const IncidentListItemSchema = z.object({
  id: z.number(),
  folio: z.number(),
  status: z.enum(INCIDENT_STATUSES),
  occurred_at: z.string(),
  category: NamedRef,
  type: NamedRef,
  classification: z.enum(CLASSIFICATIONS),
  /** The first 200 characters of the detail. */
  excerpt: z.string(),
  place: z.string().nullable(),
  group: z.object({ id: z.number(), label: z.string() }).nullable(),
  subject: z.object({ id: z.number(), name: z.string() }).nullable(),
  recorded_by: UserRef,
  students: z.array(IncidentStudentSchema),
});
export type IncidentListItem = z.infer<typeof IncidentListItemSchema>;

export const ArchiveSchema = z.object({
  incidents: z.array(IncidentListItemSchema),
  /**
   * Matches, counted up to INCIDENT_LIMITS.countCap; `total_capped` says there are more. Null when the page was
   * asked with count "later" and found without counting (then `total_capped` is false).
   */
  total: z.number().nullable(),
  total_capped: z.boolean(),
  page: z.number(),
  per_page: z.number(),
});
export type Archive = z.infer<typeof ArchiveSchema>;

/** GET /api/incidents/count: the archive's matches for the same filters, up to the cap. */
export const ArchiveCountSchema = z.object({ total: z.number(), total_capped: z.boolean() });
export type ArchiveCount = z.infer<typeof ArchiveCountSchema>;

/** Values for the archive's filters (the caller's scope decides which students and recorders appear). */
export const ArchiveFiltersSchema = z.object({
  categories: z.array(IncidentCategorySchema),
  sections: z.array(z.object({ id: z.number(), name: z.string(), name_en: z.string().nullable() })),
  grades: z.array(z.object({ id: z.number(), name: z.string(), section_id: z.number() })),
  groups: z.array(z.object({ id: z.number(), label: z.string(), grade_id: z.number() })),
  subjects: z.array(z.object({ id: z.number(), name: z.string() })),
  recorders: z.array(UserRef),
});
export type ArchiveFilters = z.infer<typeof ArchiveFiltersSchema>;

// ───────────────────────── formative actions ─────────────────────────

export const UpdateFormativeActionBody = z.object({
  guideline: text(INCIDENT_LIMITS.guidelineMax).optional(),
  responsible_id: RowId.optional(),
  starts_on: Day.optional(),
  ends_on: Day.nullish(),
  repeat: z.enum(REPEATS).optional(),
  notes: optionalText(INCIDENT_LIMITS.noteMax),
});
export type UpdateFormativeActionBody = z.infer<typeof UpdateFormativeActionBody>;

export const CompleteOccurrenceBody = z.object({ occurrence_on: Day, note: optionalText(INCIDENT_LIMITS.noteMax) });
export const OccurrenceParam = z.object({ id: QueryId, on: Day });
export const WaiveBody = z.object({ reason: text(INCIDENT_LIMITS.noteMax) });

export const FormativeActionSchema = z.object({
  id: z.number(),
  incident_id: z.number(),
  incident_folio: z.number(),
  student: z.object({ id: z.number().nullable(), name: z.string().nullable() }),
  guideline: z.string(),
  responsible: UserRef,
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  repeat: z.enum(REPEATS),
  notes: z.string().nullable(),
  occurrences: z.array(
    z.object({
      on: z.string(),
      completed_at: z.string().nullable(),
      completed_by: UserRef.nullable(),
      note: z.string().nullable(),
    }),
  ),
  state: z.enum(ACTION_STATES),
  waived_at: z.string().nullable(),
  waived_by: UserRef.nullable(),
  waive_reason: z.string().nullable(),
  created_at: z.string(),
  created_by: UserRef,
});
export type FormativeAction = z.infer<typeof FormativeActionSchema>;

export const FormativeActionsQuery = z.object({
  /** mine: where the caller is responsible; all: every action the caller may see (Director and staff). */
  scope: z.enum(["mine", "all"]).default("mine"),
  state: z.enum(ACTION_STATES).optional(),
});

// ───────────────────────── parent meetings ─────────────────────────

/** An online meeting's link: http or https only (it is shown to families as a link to open). "" and null: none. */
const MeetingUrl = optionalLines(500).pipe(z.url({ protocol: /^https?$/ }).nullish());

export const ParentMeetingBody = z.object({
  scheduled_at: Instant,
  mode: z.enum(MEETING_MODES).default("in-person"),
  place: optionalLine(INCIDENT_LIMITS.placeMax),
  meeting_url: MeetingUrl,
  /** Family members of the incident's students and staff of the school. */
  attendee_ids: z.array(RowId).max(30).default([]),
  agreements: optionalText(INCIDENT_LIMITS.noteMax),
  minutes: optionalText(INCIDENT_LIMITS.detailMax),
});
export type ParentMeetingBody = z.infer<typeof ParentMeetingBody>;
export const UpdateParentMeetingBody = z.object({
  scheduled_at: Instant.optional(),
  mode: z.enum(MEETING_MODES).optional(),
  place: optionalLine(INCIDENT_LIMITS.placeMax),
  meeting_url: MeetingUrl,
  attendee_ids: z.array(RowId).max(30).optional(),
  agreements: optionalText(INCIDENT_LIMITS.noteMax),
  minutes: optionalText(INCIDENT_LIMITS.detailMax),
  status: z.enum(MEETING_STATUSES).optional(),
});
export type UpdateParentMeetingBody = z.infer<typeof UpdateParentMeetingBody>;

export const ParentMeetingSchema = z.object({
  id: z.number(),
  incident_id: z.number(),
  incident_folio: z.number(),
  scheduled_at: z.string(),
  mode: z.enum(MEETING_MODES),
  place: z.string().nullable(),
  meeting_url: z.string().nullable(),
  status: z.enum(MEETING_STATUSES),
  agreements: z.string().nullable(),
  minutes: z.string().nullable(),
  attendees: z.array(z.object({ id: z.number(), name: z.string(), kind: z.enum(["family", "staff"]) })),
  created_by: UserRef,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ParentMeeting = z.infer<typeof ParentMeetingSchema>;

/** upcoming=1 (or true): scheduled meetings from now on. "0"/"false" mean no (a coerced boolean would read "0" as true). */
export const ParentMeetingsQuery = z.object({
  /** The meetings about one student's incidents (their file). */
  student_id: QueryId.optional(),
  upcoming: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

// ───────────────────────── details and statuses ─────────────────────────

export const CloseIncidentBody = z.object({
  closing_note: text(INCIDENT_LIMITS.noteMax),
  /** Closing with pending formative actions requires waiving them explicitly (they are marked waived). */
  waive_pending_actions: z.boolean().default(false),
});
export const ReasonBody = z.object({ reason: text(INCIDENT_LIMITS.noteMax) });

export const TimelineEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  event: z.enum(TIMELINE_EVENTS),
  user: UserRef.nullable(),
  /** Event-specific values (changed fields, folio of an action, reason…), rendered by the web. */
  details: z.record(z.string(), z.unknown()),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const AttachmentSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number(),
  /** Served only to members who may see the incident. */
  url: z.string(),
  uploaded_by: UserRef,
  uploaded_at: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const IncidentDetailSchema = IncidentListItemSchema.extend({
  detail: z.string(),
  visible_to_family: z.boolean(),
  points: z.number(),
  school_year: z.object({ id: z.number(), name: z.string() }),
  period: z.object({ id: z.number(), name: z.string(), name_en: z.string().nullable() }).nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by: UserRef.nullable(),
  closing_note: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancelled_by: UserRef.nullable(),
  cancel_reason: z.string().nullable(),
  attachments: z.array(AttachmentSchema),
  formative_actions: z.array(FormativeActionSchema),
  meetings: z.array(ParentMeetingSchema),
  timeline: z.array(TimelineEntrySchema),
  /** What the caller may do with it now (the server checks again on every call). */
  allowed: z.object({
    update: z.boolean(),
    close: z.boolean(),
    cancel: z.boolean(),
    reopen: z.boolean(),
    add_formative_actions: z.boolean(),
    update_formative_actions: z.boolean(),
    add_meetings: z.boolean(),
    update_meetings: z.boolean(),
    attach: z.boolean(),
  }),
});
export type IncidentDetail = z.infer<typeof IncidentDetailSchema>;

/** How many incidents one details read takes (GET /api/incidents/details?ids=…): a page of the family's copy. */
export const INCIDENT_DETAILS_MAX = 100;
/** GET /api/incidents/details?ids=3,5,8: several incidents' details in one read, in the caller's scope. */
export const IncidentDetailsQuery = z.object({ ids: QueryIdList(INCIDENT_DETAILS_MAX) });

// ───────────────────────── accompaniment observations ─────────────────────────

export const ObservationBody = z.object({
  student_id: RowId,
  observation_type_id: RowId,
  text: text(INCIDENT_LIMITS.noteMax),
  /** Not in the future (FUTURE_DATE). */
  observed_on: Day,
  /** Defaults to the type's points. */
  points: z.number().int().min(0).max(100).optional(),
  visible_to_family: z.boolean().default(true),
});
export type ObservationBody = z.infer<typeof ObservationBody>;

export const ObservationSchema = z.object({
  id: z.number(),
  student: z.object({ id: z.number(), name: z.string(), enrollment: z.string() }),
  type: z.object({
    id: z.number(),
    name_es: z.string(),
    name_en: z.string().nullable(),
    kind: z.enum(OBSERVATION_KINDS),
  }),
  text: z.string(),
  observed_on: z.string(),
  points: z.number(),
  visible_to_family: z.boolean(),
  recorded_by: UserRef,
  created_at: z.string(),
});
export type Observation = z.infer<typeof ObservationSchema>;

export const ObservationsQuery = z.object({
  student_id: QueryId.optional(),
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, 100).default(25),
});
