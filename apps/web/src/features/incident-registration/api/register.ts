import type { Attachment, ObservationBody, RegisterIncidentBody } from "@convive/domain";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

export type Registered = { id: number; folio: number; status: string };

export const registerIncident = (body: RegisterIncidentBody, key?: string) =>
  api<{ data: { incident: Registered } }>("/api/incidents", { method: "POST", body, idempotencyKey: key }).then(
    (r) => r.data.incident,
  );

/** One evidence file, sent raw after the incident exists. */
export const uploadEvidence = (incidentId: number, file: File) =>
  api<{ data: { attachment: Attachment } }>(
    `/api/incidents/${incidentId}/attachments?name=${encodeURIComponent(file.name)}`,
    { method: "POST", body: file },
  ).then((r) => r.data.attachment);

export const registerObservation = (body: ObservationBody, key?: string) =>
  api<{ data: { observation: { id: number } } }>("/api/accompaniment-observations", {
    method: "POST",
    body,
    idempotencyKey: key,
  }).then((r) => r.data.observation);

/** The archive and the follow-up lists (under ["incidents", school]) refresh once a registration lands. */
const useIncidentsKey = () => [["incidents", useSession().schoolId]];

/** Registers an incident with the form's idempotency key: a double click or a retry makes one incident. */
export const useRegisterIncident = (o?: SaveOptions) =>
  useSave({ ...o, call: registerIncident, invalidates: useIncidentsKey() });

export const useRegisterObservation = (o?: SaveOptions) =>
  useSave({ ...o, call: registerObservation, invalidates: useIncidentsKey() });
