import type { ConditionType, ConditionTypeBody } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { inclusionKey } from "./keys.ts";

/** GET /api/condition-types — the school's types, active or not; `label` in the reader's language. */
export function useConditionTypes() {
  const { schoolId } = useSession();
  const language = useTranslation().i18n.resolvedLanguage ?? "es";
  return useQuery({
    queryKey: [...inclusionKey(schoolId), "types", language],
    queryFn: ({ signal }) => api<{ data: ConditionType[] }>("/api/condition-types", { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

export type TypeSave = ConditionTypeBody & { id: number | null };

/** POST /api/condition-types (new) or PATCH /api/condition-types/:id (rename, switch on or off). */
export function useSaveConditionType(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: ({ id, ...body }: TypeSave, key: string) =>
      api<{ data: ConditionType }>(id === null ? "/api/condition-types" : `/api/condition-types/${id}`, {
        method: id === null ? "POST" : "PATCH",
        body,
        idempotencyKey: id === null ? key : undefined,
      }).then((r) => r.data),
    invalidates: [inclusionKey(schoolId)],
  });
}
