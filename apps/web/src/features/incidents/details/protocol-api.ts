import type { CompleteStepBody, IncidentProtocol } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { uploadAttachment } from "./api.ts";

export type { IncidentProtocol };
export type ProtocolStep = IncidentProtocol["steps"][number];

/**
 * The incident's protocol (issue 30 §2), under the incident's own key: whatever refreshes the incident (a close, a
 * cancel) refreshes its steps too, and a step's change refreshes the incident's timeline.
 */
const useIncidentKey = (id: number) => ["incident-details", useSession().schoolId, "incident", id] as const;

/** The protocol of the incident, or null when its type follows none; staff only (never asked for a family). */
export function useIncidentProtocol(id: number, enabled: boolean) {
  const key = useIncidentKey(id);
  return useQuery({
    queryKey: [...key, "protocol"],
    queryFn: () =>
      api<{ data: { protocol: IncidentProtocol | null } }>(`/api/incidents/${id}/protocol`).then(
        (r) => r.data.protocol,
      ),
    enabled,
  });
}

const stepUrl = (incidentId: number, stepId: number, action: string) =>
  `/api/incidents/${incidentId}/protocol/steps/${stepId}/${action}`;

/** Completes a step with a note; the chosen files are uploaded first as the incident's evidence. */
export const useCompleteStep = (incidentId: number, stepId: number, o?: SaveOptions) =>
  useSave({
    ...o,
    call: async (v: { note: string; files: File[] }, key: string) => {
      const uploaded = [];
      for (const file of v.files) uploaded.push(await uploadAttachment(incidentId, file));
      const body: CompleteStepBody = { note: v.note, attachment_ids: uploaded.map((a) => a.id) };
      return api(stepUrl(incidentId, stepId, "complete"), { method: "POST", body, idempotencyKey: key });
    },
    invalidates: [useIncidentKey(incidentId)],
  });

/** Waives a step with a reason. */
export const useWaiveStep = (incidentId: number, stepId: number, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (v: { reason: string }, key: string) =>
      api(stepUrl(incidentId, stepId, "waive"), { method: "POST", body: v, idempotencyKey: key }),
    invalidates: [useIncidentKey(incidentId)],
  });

/** Gives a step another responsible. */
export const useReassignStep = (incidentId: number, stepId: number, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (v: { responsible_id: number }, key: string) =>
      api(stepUrl(incidentId, stepId, "responsible"), { method: "POST", body: v, idempotencyKey: key }),
    invalidates: [useIncidentKey(incidentId)],
  });
