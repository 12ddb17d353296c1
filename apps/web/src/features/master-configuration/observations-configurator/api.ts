import type { ObservationType, ObservationTypeBody, UpdateObservationTypeBody } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { MC, useMcKey } from "../shared/keys.ts";

/** Every observation type, inactive ones included (the configurator shows and re-activates them). */
export function useObservationTypes() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("observation-types", "all"),
    queryFn: () =>
      api<{ data: { observation_types: ObservationType[] } }>("/api/observation-types?include_inactive=1").then(
        (r) => r.data.observation_types,
      ),
  });
}

export const createObservationType = (body: ObservationTypeBody, key?: string) =>
  api<{ data: { observation_type: ObservationType } }>("/api/observation-types", {
    method: "POST",
    body,
    idempotencyKey: key,
  });
export const updateObservationType = (id: number, body: Partial<UpdateObservationTypeBody>) =>
  api<{ data: { observation_type: ObservationType } }>(`/api/observation-types/${id}`, { method: "PATCH", body });
export const deleteObservationType = (id: number) => api(`/api/observation-types/${id}`, { method: "DELETE" });

/** Creates an observation type, or updates the one given. */
export const useSaveObservationType = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: ObservationTypeBody, key: string) =>
      id ? updateObservationType(id, body) : createObservationType(body, key),
    invalidates: MC,
  });
export const useDeleteObservationType = (o?: SaveOptions) =>
  useSave({ ...o, call: deleteObservationType, invalidates: MC });
/** Switches an observation type on or off. */
export const useSetObservationTypeActive = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ id, active }: { id: number; active: boolean }) => updateObservationType(id, { is_active: active }),
    invalidates: MC,
  });
