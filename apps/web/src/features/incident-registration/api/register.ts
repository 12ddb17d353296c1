import type { Attachment, ObservationBody, RegisterIncidentBody } from "@convive/domain";
import { api } from "../../../lib/api.ts";
import type { OutboxEntry } from "../../../lib/offline/outbox.ts";
import { noAnswer } from "../../../lib/offline/snapshots.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

export type Registered = { id: number; folio: number; status: string };

export const registerIncident = (body: RegisterIncidentBody, key?: string) =>
  api<{ data: { incident: Registered } }>("/api/incidents", { method: "POST", body, idempotencyKey: key }).then(
    (r) => r.data.incident,
  );

/** One evidence file, sent raw after the incident exists; `key` makes a repeat of the same upload one file. */
export const uploadEvidence = (incidentId: number, file: File, key?: string) =>
  api<{ data: { attachment: Attachment } }>(
    `/api/incidents/${incidentId}/attachments?name=${encodeURIComponent(file.name)}`,
    { method: "POST", body: file, idempotencyKey: key },
  ).then((r) => r.data.attachment);

export const registerObservation = (body: ObservationBody, key?: string) =>
  api<{ data: { observation: { id: number } } }>("/api/accompaniment-observations", {
    method: "POST",
    body,
    idempotencyKey: key,
  }).then((r) => r.data.observation);

/** The archive and the follow-up lists (under ["incidents", school]) refresh once a registration lands. */
const useIncidentsKey = () => [["incidents", useSession().schoolId]];

/** What a registration's save answers: the server's row, or the entry kept on the device to be sent later. */
export type Submitted<T> = { sent: T; queued?: undefined } | { queued: OutboxEntry; sent?: undefined };
type Queue<B> = (body: B, key: string) => OutboxEntry;

/**
 * Sends at once; without a connection — or without an answer, when the server may or may not have it — the body
 * goes into the device's outbox with the same key (issue 32 §3), so that sending it later makes one row either way.
 */
const orQueue =
  <B, T>(send: (body: B, key: string) => Promise<T>, queue: Queue<B>) =>
  async (body: B, key: string): Promise<Submitted<T>> => {
    if (navigator.onLine === false) return { queued: queue(body, key) };
    try {
      return { sent: await send(body, key) };
    } catch (error) {
      if (noAnswer(error)) return { queued: queue(body, key) };
      throw error;
    }
  };

/** Registers an incident with the form's idempotency key: a double click or a retry makes one incident. */
export const useRegisterIncident = (o: SaveOptions, queue: Queue<RegisterIncidentBody>) =>
  useSave({ ...o, success: false, call: orQueue(registerIncident, queue), invalidates: useIncidentsKey() });

export const useRegisterObservation = (o: SaveOptions, queue: Queue<ObservationBody>) =>
  useSave({ ...o, success: false, call: orQueue(registerObservation, queue), invalidates: useIncidentsKey() });
