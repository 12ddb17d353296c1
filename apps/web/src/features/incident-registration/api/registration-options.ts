import type { RegistrationOptions } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRegistrationKey } from "./keys.ts";

/**
 * Categories, types, groups, subjects, staff and places in one call (GET /api/incidents/registration-options,
 * only for who may register); the incident details' correction reads its groups and subjects from it too.
 */
export function useRegistrationOptions(enabled = true) {
  const key = useRegistrationKey();
  return useQuery({
    queryKey: key("options"),
    queryFn: () => api<{ data: RegistrationOptions }>("/api/incidents/registration-options").then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}
