import type { NursingConfig, NursingField, NursingFieldBody, NursingOption, NursingOptionBody } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { nursingKey } from "./keys.ts";

/** GET /api/nursing/config — the record's extra fields, the visit reasons and outcomes (es/en). */
export function useNursingConfig() {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...nursingKey(schoolId), "config"],
    queryFn: ({ signal }) => api<{ data: NursingConfig }>("/api/nursing/config", { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** POST /api/nursing/fields or PATCH /api/nursing/fields/:id. */
export function useSaveField(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: ({ id, ...body }: Partial<NursingFieldBody> & { id: number | null }, key: string) =>
      (id === null
        ? api<{ data: NursingField }>("/api/nursing/fields", { method: "POST", body, idempotencyKey: key })
        : api<{ data: NursingField }>(`/api/nursing/fields/${id}`, { method: "PATCH", body })
      ).then((r) => r.data),
    invalidates: [nursingKey(schoolId)],
  });
}

/** POST /api/nursing/options or PATCH /api/nursing/options/:id (a visit reason or outcome). */
export function useSaveOption(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: ({ id, kind, ...body }: NursingOptionBody & { id: number | null }, key: string) =>
      (id === null
        ? api<{ data: NursingOption }>("/api/nursing/options", {
            method: "POST",
            body: { kind, ...body },
            idempotencyKey: key,
          })
        : api<{ data: NursingOption }>(`/api/nursing/options/${id}`, { method: "PATCH", body })
      ).then((r) => r.data),
    invalidates: [nursingKey(schoolId)],
  });
}
