import { z } from "zod";
import { INCIDENT_LIMITS } from "../incidents.ts";
import { multiLine } from "./fields.ts";
import { RowId } from "./incident-config.ts";

/**
 * The teacher's warning while they type a text families will read (issue 9 item 8): which students the text
 * names and how each family of the incident will read it.
 */
export const FamilyTextCheckBody = z.object({
  /** The text as typed so far (empty is fine: nothing is found). */
  text: multiLine().max(INCIDENT_LIMITS.detailMax),
  /** The incident's students as picked so far (or the observed student). */
  student_ids: z.array(RowId).max(INCIDENT_LIMITS.maxStudents).default([]),
});
export type FamilyTextCheckBody = z.infer<typeof FamilyTextCheckBody>;

export const FamilyTextCheckSchema = z.object({
  /** The names found, as written in the text, each once. */
  names: z.array(z.string()),
  /**
   * What the family of each picked student reads where it differs from the text (student_id null: any family,
   * when no student is picked yet).
   */
  previews: z.array(z.object({ student_id: z.number().nullable(), text: z.string() })),
});
export type FamilyTextCheck = z.infer<typeof FamilyTextCheckSchema>;
