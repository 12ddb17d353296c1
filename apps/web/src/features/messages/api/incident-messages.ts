import type { IncidentMessageRef } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { incidentMessagesKey } from "./keys.ts";

/** GET /api/incidents/:id/messages — the messages about an incident the reader may see, without their text. */
export function useIncidentMessages(incidentId: number, enabled = true) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: incidentMessagesKey(schoolId, incidentId),
    queryFn: ({ signal }) =>
      api<{ data: IncidentMessageRef[] }>(`/api/incidents/${incidentId}/messages`, { signal }).then((r) => r.data),
    enabled,
    staleTime: 15_000,
  });
}
