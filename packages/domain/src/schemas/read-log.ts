import { z } from "zod";
import { QueryInt } from "./fields.ts";

/**
 * The read log of a student (issue 25 §3): who read which of the student's sensitive records, with which profile,
 * when and from which session. A page of it, newest first, for the Director and whoever holds `read-log`.
 */

export const ReadLogQuery = z.object({
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, 100).default(25),
});
export type ReadLogQuery = z.infer<typeof ReadLogQuery>;

export const ReadLogEntrySchema = z.object({
  id: z.number(),
  read_at: z.string(),
  /** The record kind a module registered ("incident.details", "student.file"…) and its label in the reader's language. */
  kind: z.string(),
  kind_label: z.string(),
  record_id: z.string(),
  user: z.object({ id: z.number(), name: z.string() }),
  /** The profile the reader held then (kept as it was named, even if renamed or removed since). */
  profile: z.string(),
  /** The session the read came from, and its device while the session still exists. */
  session: z.object({ id: z.string(), device: z.string().nullable() }),
});
export type ReadLogEntry = z.infer<typeof ReadLogEntrySchema>;

export const ReadLogPageSchema = z.object({
  entries: z.array(ReadLogEntrySchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ReadLogPage = z.infer<typeof ReadLogPageSchema>;
