import type { ObservationBody, RegisterIncidentBody } from "@convive/domain";
import { ApiError, newIdempotencyKey } from "../../../lib/api.ts";
import { asEvidenceBlob } from "../../../lib/evidence.ts";
import { type Outbox, type OutboxEntry, type Sender, waitsForNetwork } from "../../../lib/offline/outbox.ts";
import { type Registered, registerIncident, registerObservation, uploadEvidence } from "./register.ts";

/**
 * Registering without a connection (issue 32 §3): the incident or observation goes into the device's outbox with
 * the key its form made, its evidence files beside it, and what the list of waiting entries shows.
 */

export const INCIDENT = "incident";
export const OBSERVATION = "observation";

/** What the waiting list shows of an entry, kept with it (the names as the teacher saw them). */
export interface QueuedSummary {
  students: string[];
  type: { name_es: string; name_en: string | null } | null;
  /** When it happened (ISO instant for incidents, a day for observations). */
  when: string;
  files: number;
}

/** An incident kept on the device; each student with the group the teacher saw them in (a move is a conflict). */
export function queueIncident(
  box: Outbox,
  body: RegisterIncidentBody,
  seenGroups: ReadonlyMap<number, number | null>,
  files: readonly File[],
  summary: QueuedSummary,
  key: string,
): OutboxEntry {
  const payload: RegisterIncidentBody = {
    ...body,
    students: body.students.map((s) => ({ ...s, seen_group_id: seenGroups.get(s.student_id) ?? null })),
  };
  return box.add(INCIDENT, payload, {
    id: key,
    summary,
    files: files.map((file) => {
      const blob = asEvidenceBlob(file);
      return { key: newIdempotencyKey(), name: file.name, type: blob.type, blob, sent: false, refused: null };
    }),
  });
}

export const queueObservation = (box: Outbox, body: ObservationBody, summary: QueuedSummary, key: string) =>
  box.add(OBSERVATION, body, { id: key, summary });

/**
 * Sends a queued incident, then its files one by one, each with its own key. Every step that went through is
 * recorded on the entry, so a lost connection halfway resumes where it stopped; a file the server refuses (its
 * type, its size) is set aside with the reason — the incident is saved without it.
 */
export const sendQueuedIncident: Sender = async (entry, progress) => {
  let incident = entry.result as Registered | null;
  if (!incident) {
    incident = await registerIncident(entry.payload as RegisterIncidentBody, entry.id);
    await progress({ result: incident });
  }
  let files = entry.files;
  for (const [i, file] of files.entries()) {
    if (file.sent) continue;
    let refused: string | null = null;
    try {
      await uploadEvidence(incident.id, new File([file.blob], file.name, { type: file.type }), file.key);
    } catch (error) {
      if (waitsForNetwork(error)) throw error;
      refused = error instanceof ApiError ? error.message : String(error);
    }
    files = files.map((f, j) => (j === i ? { ...f, sent: true, refused } : f));
    await progress({ files });
  }
  return incident;
};

export const sendQueuedObservation: Sender = (entry) => registerObservation(entry.payload as ObservationBody, entry.id);
