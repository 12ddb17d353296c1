import type { AcknowledgeBody, Acknowledgement, IncidentAcknowledgements, UnacknowledgedList } from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { incidentsKey } from "./archive.ts";

/**
 * The families' acknowledgements (issue 30 §1): an incident's (GET /api/incidents/:id/acknowledgements), staff's
 * list of families that have not acknowledged (GET /api/incidents/unacknowledged), acknowledging an incident or a
 * meeting's minutes and reminding a family. Under the ["incidents", school] prefix: a change refreshes them all.
 */
const useAckKey = () => [...incidentsKey(useSession().schoolId), "acknowledgements"] as const;

/** Who has acknowledged one incident and its minutes, as the reader may see it. */
export function useIncidentAcknowledgements(incidentId: number) {
  const key = useAckKey();
  return useQuery({
    queryKey: [...key, "incident", incidentId],
    queryFn: ({ signal }) =>
      api<{ data: IncidentAcknowledgements }>(`/api/incidents/${incidentId}/acknowledgements`, { signal }).then(
        (r) => r.data,
      ),
    staleTime: 15_000,
  });
}

/** Staff: the families of the current year that have not acknowledged, for one group or all they see, newest first. */
export function useUnacknowledged(groupId: number | null, limit: number) {
  const key = useAckKey();
  const query = new URLSearchParams({ limit: String(limit), ...(groupId ? { group_id: String(groupId) } : {}) });
  return useQuery({
    queryKey: [...key, "pending", groupId, limit],
    queryFn: ({ signal }): Promise<UnacknowledgedList> =>
      api<{ data: UnacknowledgedList }>(`/api/incidents/unacknowledged?${query}`, { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** What a family member acknowledges: the incident, or one meeting's minutes. */
export type AckTarget = { incidentId: number } | { meetingId: number };
const ackUrl = (target: AckTarget) =>
  "meetingId" in target
    ? `/api/parent-meetings/${target.meetingId}/acknowledgement`
    : `/api/incidents/${target.incidentId}/acknowledgement`;

/** "Enterado": once per member; a repeat (a double tap, a retry) answers the first one. */
export const useAcknowledge = (target: AckTarget, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: AcknowledgeBody, key: string) =>
      api<{ data: { acknowledgement: Acknowledgement } }>(ackUrl(target), {
        method: "POST",
        body,
        idempotencyKey: key,
      }).then((r) => r.data.acknowledgement),
    invalidates: [useAckKey()],
  });

/** Reminds one student's family (a notification and an e-mail), at most once a day. */
export const useRemindFamily = (incidentId: number, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (studentId: number, key: string) =>
      api<{ data: { reminded: number } }>(`/api/incidents/${incidentId}/acknowledgements/remind`, {
        method: "POST",
        body: { student_id: studentId },
        idempotencyKey: key,
      }).then((r) => r.data),
    invalidates: [useAckKey()],
  });
