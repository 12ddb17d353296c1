import type { ArchiveFilters, TrainerType, TrainerTypeBody } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { useSupportKeys } from "./referrals.ts";

/** The school's trainer types in the reader's language, active or not (the form offers the active ones). */
export function useTrainerTypes(enabled = true) {
  const { scoped } = useSupportKeys();
  return useQuery({
    queryKey: [...scoped, "trainer-types"],
    queryFn: ({ signal }) => api<{ data: TrainerType[] }>("/api/trainer-types", { signal }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}

export type TrainerTypeChange = TrainerTypeBody & { id?: number };

/** Adds a type (no id) or renames / switches one on or off (id). */
export function useSaveTrainerType(o?: SaveOptions) {
  const { root } = useSupportKeys();
  return useSave({
    ...o,
    call: ({ id, ...body }: TrainerTypeChange, key: string) =>
      api<{ data: TrainerType }>(id ? `/api/trainer-types/${id}` : "/api/trainer-types", {
        method: id ? "PATCH" : "POST",
        body,
        idempotencyKey: id ? undefined : key,
      }).then((r) => r.data),
    invalidates: [root],
  });
}

export interface StaffMember {
  id: number;
  first_name: string;
  paternal_surname: string;
  maternal_surname: string;
  profile_name: string | null;
  is_staff: boolean;
}

/** The school's staff (names and profile only), for the referral's responsible; the server checks who may be one. */
export function useStaff(enabled: boolean) {
  const { root } = useSupportKeys();
  return useQuery({
    queryKey: [...root, "staff"],
    queryFn: ({ signal }) => api<{ data: StaffMember[] }>("/api/users?staff=1", { signal }).then((r) => r.data),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The groups the reader's scope reaches (the incidents archive's filter values), for the list's group filter. */
export function useSupportGroups() {
  const { scoped } = useSupportKeys();
  return useQuery({
    queryKey: [...scoped, "groups"],
    queryFn: ({ signal }) =>
      api<{ data: ArchiveFilters }>("/api/incidents/filters", { signal }).then((r) => r.data.groups),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
