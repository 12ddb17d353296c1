import type { RegistrationOptions } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { readThrough } from "../../../lib/offline/snapshots.ts";
import { useRegistrationKey } from "./keys.ts";

/**
 * Categories, types, groups, subjects, staff and places in one call (GET /api/incidents/registration-options,
 * only for who may register); the incident details' correction reads its groups and subjects from it too. Kept
 * on the device for registering offline (issue 32 §3).
 */
export function useRegistrationOptions(enabled = true) {
  const key = useRegistrationKey();
  return useQuery({
    queryKey: key("options"),
    queryFn: () =>
      readThrough(key("options"), () =>
        api<{ data: RegistrationOptions }>("/api/incidents/registration-options").then((r) => r.data),
      ),
    enabled,
    networkMode: "always",
    staleTime: 60_000,
  });
}
