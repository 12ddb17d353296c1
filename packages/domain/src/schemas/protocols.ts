import { z } from "zod";
import { DEADLINE_KINDS, PROTOCOL_LIMITS, PROTOCOL_STEP_STATUSES } from "../protocols.ts";
import { multiLine, Id as RowId, singleLine } from "./fields.ts";
import { UserRef } from "./incidents.ts";

/**
 * Issue 30 §2: protocols defined in master configuration › incidents-configurator (ordered steps with deadlines) and
 * the protocol an incident of a type that follows one runs (its steps, responsible, completion or waiver).
 */

const nameEs = singleLine().trim().min(1).max(200);
const nameEn = singleLine()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => v || null);

export const ProtocolStepBody = z
  .object({
    name_es: nameEs,
    name_en: nameEn,
    deadline_kind: z.enum(DEADLINE_KINDS),
    /** Hours (1–720) or school days (1–60); 0 for same_day. */
    deadline_amount: z.number().int().min(0).max(PROTOCOL_LIMITS.maxHours).default(0),
  })
  .refine(
    (s) =>
      s.deadline_kind === "same_day" ||
      (s.deadline_amount >= 1 &&
        s.deadline_amount <= (s.deadline_kind === "hours" ? PROTOCOL_LIMITS.maxHours : PROTOCOL_LIMITS.maxSchoolDays)),
    { message: "PROTOCOL_DEADLINE_INVALID", path: ["deadline_amount"] },
  );
export type ProtocolStepBody = z.infer<typeof ProtocolStepBody>;

export const ProtocolBody = z.object({
  name_es: nameEs,
  name_en: nameEn,
  /** In order; editing a protocol replaces its steps (incidents already running keep theirs). */
  steps: z.array(ProtocolStepBody).min(1).max(PROTOCOL_LIMITS.maxSteps),
  is_active: z.boolean().optional(),
});
export type ProtocolBody = z.infer<typeof ProtocolBody>;
export const UpdateProtocolBody = ProtocolBody.partial();
export type UpdateProtocolBody = z.infer<typeof UpdateProtocolBody>;

export const ProtocolStepSchema = z.object({
  id: z.number(),
  position: z.number(),
  name_es: z.string(),
  name_en: z.string().nullable(),
  deadline_kind: z.enum(DEADLINE_KINDS),
  deadline_amount: z.number(),
});
export type ProtocolStep = z.infer<typeof ProtocolStepSchema>;

export const ProtocolSchema = z.object({
  id: z.number(),
  name_es: z.string(),
  name_en: z.string().nullable(),
  is_active: z.boolean(),
  steps: z.array(ProtocolStepSchema),
  /** Incident types that follow it. */
  type_ids: z.array(z.number()),
});
export type Protocol = z.infer<typeof ProtocolSchema>;

// ── An incident's protocol ──

export const IncidentProtocolStepSchema = z.object({
  id: z.number(),
  position: z.number(),
  name_es: z.string(),
  name_en: z.string().nullable(),
  due_at: z.string(),
  status: z.enum(PROTOCOL_STEP_STATUSES),
  overdue: z.boolean(),
  responsible: UserRef.nullable(),
  /** Staff only: the note written on completion, or the reason of a waiver. */
  note: z.string().nullable(),
  done_at: z.string().nullable(),
  done_by: UserRef.nullable(),
  evidence: z.array(z.object({ id: z.number(), file_name: z.string(), url: z.string() })),
});
export type IncidentProtocolStep = z.infer<typeof IncidentProtocolStepSchema>;

export const IncidentProtocolSchema = z.object({
  id: z.number(),
  incident_id: z.number(),
  name_es: z.string(),
  name_en: z.string().nullable(),
  status: z.enum(["open", "completed"]),
  started_at: z.string(),
  steps: z.array(IncidentProtocolStepSchema),
  /** Whether the caller may complete, waive and reassign steps now. */
  can_manage: z.boolean(),
});
export type IncidentProtocol = z.infer<typeof IncidentProtocolSchema>;

export const CompleteStepBody = z.object({
  note: multiLine().trim().min(1).max(PROTOCOL_LIMITS.noteMax),
  /** Evidence files already uploaded to the incident (POST /api/incidents/:id/attachments). */
  attachment_ids: z.array(RowId).max(PROTOCOL_LIMITS.maxEvidence).default([]),
});
export type CompleteStepBody = z.infer<typeof CompleteStepBody>;

export const WaiveStepBody = z.object({ reason: multiLine().trim().min(1).max(PROTOCOL_LIMITS.reasonMax) });
export type WaiveStepBody = z.infer<typeof WaiveStepBody>;

export const ReassignStepBody = z.object({ responsible_id: RowId });
export type ReassignStepBody = z.infer<typeof ReassignStepBody>;
