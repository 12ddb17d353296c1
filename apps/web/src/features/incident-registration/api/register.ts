import type { Attachment, ObservationBody, RegisterIncidentBody } from "@convive/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";

export type Registered = { id: number; folio: number; status: string };

export const registerIncident = (body: RegisterIncidentBody) =>
  api<{ data: { incident: Registered } }>("/api/incidents", { method: "POST", body }).then((r) => r.data.incident);

/** One evidence file, sent raw after the incident exists. */
export const uploadEvidence = (incidentId: number, file: File) =>
  api<{ data: { attachment: Attachment } }>(
    `/api/incidents/${incidentId}/attachments?name=${encodeURIComponent(file.name)}`,
    { method: "POST", body: file },
  ).then((r) => r.data.attachment);

export const registerObservation = (body: ObservationBody) =>
  api<{ data: { observation: { id: number } } }>("/api/accompaniment-observations", { method: "POST", body }).then(
    (r) => r.data.observation,
  );

/** The archive and the follow-up lists (under ["incidents", school]) refresh once a registration lands. */
function useRefreshIncidents() {
  const client = useQueryClient();
  const { schoolId } = useSession();
  return () => client.invalidateQueries({ queryKey: ["incidents", schoolId] });
}

export function useRegisterIncident() {
  const refresh = useRefreshIncidents();
  return useMutation({ mutationFn: registerIncident, onSuccess: () => void refresh() });
}

export function useRegisterObservation() {
  const refresh = useRefreshIncidents();
  return useMutation({ mutationFn: registerObservation, onSuccess: () => void refresh() });
}
