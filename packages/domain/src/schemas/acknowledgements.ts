// A family's acknowledgement of an incident shown to families, or of a parent meeting's minutes (issue 30 §1):
// "Enterado" / "I have read this", optionally with a comment or a disagreement. Once per family member; staff follow
// per incident and per group which families have not acknowledged, and remind them (once a day per family).
import { z } from "zod";
import { Id, optionalText, QueryId, QueryInt } from "./fields.ts";
import { UserRef } from "./incidents.ts";

export const ACK_COMMENT_MAX = 2000;

/** POST /api/incidents/:id/acknowledgement and POST /api/parent-meetings/:id/acknowledgement. */
export const AcknowledgeBody = z
  .object({
    /** "No estoy de acuerdo" / "I disagree": the comment then says why (required). */
    disagrees: z.boolean().default(false),
    comment: optionalText(ACK_COMMENT_MAX, { multiline: true }),
  })
  .refine((b) => !b.disagrees || Boolean(b.comment), { message: "ACK_DISAGREEMENT_TEXT", path: ["comment"] });
export type AcknowledgeBody = z.infer<typeof AcknowledgeBody>;

/** One family member's acknowledgement: who, when, from which session, and what they said. */
export const Acknowledgement = z.object({
  id: z.number(),
  incident_id: z.number(),
  /** The parent meeting whose minutes were acknowledged; null: the incident itself. */
  meeting_id: z.number().nullable(),
  user: UserRef,
  acknowledged_at: z.string(),
  disagrees: z.boolean(),
  /** As the family wrote it (staff read it unchanged; a family reads it through the redaction path). */
  comment: z.string().nullable(),
  /** The signed-in session it came from and that session's device as its browser named itself. */
  session: z.object({ id: z.string(), device: z.string().nullable() }),
});
export type Acknowledgement = z.infer<typeof Acknowledgement>;

/** One student's family as staff follow it: each member and whether they acknowledged, the last reminder. */
export const AcknowledgementFamily = z.object({
  student: z.object({ id: z.number(), name: z.string(), group_label: z.string().nullable() }),
  members: z.array(
    z.object({
      user: UserRef,
      /** RELATIONSHIPS of the students schema (father, mother…). */
      relationship: z.string(),
      /** Their acknowledgement of the incident, or null while they have not. */
      acknowledgement_id: z.number().nullable(),
    }),
  ),
  /** At least one member has acknowledged: the family has been told. */
  acknowledged: z.boolean(),
  reminded_at: z.string().nullable(),
  /** Whether a reminder may go now (not acknowledged, someone to remind, none sent today). */
  may_remind: z.boolean(),
});
export type AcknowledgementFamily = z.infer<typeof AcknowledgementFamily>;

/** A parent meeting's minutes: who acknowledged them, and the reader's own state. */
export const MeetingAcknowledgements = z.object({
  meeting_id: z.number(),
  may_acknowledge: z.boolean(),
  mine: Acknowledgement.nullable(),
  acknowledgements: z.array(Acknowledgement),
});
export type MeetingAcknowledgements = z.infer<typeof MeetingAcknowledgements>;

/** GET /api/incidents/:id/acknowledgements */
export const IncidentAcknowledgements = z.object({
  incident_id: z.number(),
  /** Families are asked: the incident is shown to them and not cancelled. */
  asked: z.boolean(),
  /** The reader is a family member of one of its students and has not acknowledged it yet. */
  may_acknowledge: z.boolean(),
  mine: Acknowledgement.nullable(),
  /** Staff: every acknowledgement of the incident; a family: those of its own household. */
  acknowledgements: z.array(Acknowledgement),
  /** Staff only (a family gets none): each student's family, acknowledged or not. */
  families: z.array(AcknowledgementFamily),
  meetings: z.array(MeetingAcknowledgements),
});
export type IncidentAcknowledgements = z.infer<typeof IncidentAcknowledgements>;

/** POST /api/incidents/:id/acknowledgements/remind — one student's family. */
export const AcknowledgementReminderBody = z.object({ student_id: Id });
export const AcknowledgementReminded = z.object({ reminded: z.number(), reminded_at: z.string() });

/** GET /api/incidents/unacknowledged — families that have not acknowledged, in the caller's scope. */
export const UnacknowledgedQuery = z.object({
  group_id: QueryId.optional(),
  limit: QueryInt(1, 500).default(200),
});
export const UnacknowledgedFamily = z.object({
  incident: z.object({
    id: z.number(),
    folio: z.number(),
    occurred_at: z.string(),
    type: z.object({ name_es: z.string(), name_en: z.string().nullable() }),
    status: z.string(),
  }),
  student: z.object({ id: z.number(), name: z.string(), group_label: z.string().nullable() }),
  members: z.array(z.object({ user: UserRef, relationship: z.string() })),
  reminded_at: z.string().nullable(),
  may_remind: z.boolean(),
});
export type UnacknowledgedFamily = z.infer<typeof UnacknowledgedFamily>;
export const UnacknowledgedList = z.object({
  families: z.array(UnacknowledgedFamily),
  /** More matched than `limit`: the list shows the newest incidents first. */
  truncated: z.boolean(),
});
export type UnacknowledgedList = z.infer<typeof UnacknowledgedList>;
