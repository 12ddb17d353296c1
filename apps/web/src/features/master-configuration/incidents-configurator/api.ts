import type {
  CategoryBody,
  IncidentCategory,
  IncidentType,
  IncidentTypeBody,
  Protocol,
  ProtocolBody,
  UpdateCategoryBody,
  UpdateIncidentTypeBody,
} from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { MC, useMcKey } from "../shared/keys.ts";

/** Every category with its types, inactive ones included (the configurator shows and re-activates them). */
export function useIncidentCategories() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("incident-categories", "all"),
    queryFn: () =>
      api<{ data: { categories: IncidentCategory[] } }>("/api/incident-categories?include_inactive=1").then(
        (r) => r.data.categories,
      ),
  });
}

export const createCategory = (body: CategoryBody, key?: string) =>
  api<{ data: { category: IncidentCategory } }>("/api/incident-categories", {
    method: "POST",
    body,
    idempotencyKey: key,
  });
export const updateCategory = (id: number, body: Partial<UpdateCategoryBody>) =>
  api<{ data: { category: IncidentCategory } }>(`/api/incident-categories/${id}`, { method: "PATCH", body });
export const deleteCategory = (id: number) => api(`/api/incident-categories/${id}`, { method: "DELETE" });

/** Guidelines travel as the textarea's text, one per line; the server splits and checks them. */
export const createType = (body: IncidentTypeBody, key?: string) =>
  api<{ data: { type: IncidentType } }>("/api/incident-types", { method: "POST", body, idempotencyKey: key });
export const updateType = (id: number, body: Partial<UpdateIncidentTypeBody>) =>
  api<{ data: { type: IncidentType } }>(`/api/incident-types/${id}`, { method: "PATCH", body });
export const deleteType = (id: number) => api(`/api/incident-types/${id}`, { method: "DELETE" });

/** Creates an incident type, or updates the one given. */
export const useSaveType = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: IncidentTypeBody, key: string) => (id ? updateType(id, body) : createType(body, key)),
    invalidates: MC,
  });
/** Creates a category (answering it, so a type form can pick it at once), or updates the one given. */
export const useSaveCategory = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: async (body: CategoryBody, key: string) => {
      if (id) {
        await updateCategory(id, body);
        return null;
      }
      return (await createCategory(body, key)).data.category;
    },
    invalidates: MC,
  });
export const useDeleteCategory = (o?: SaveOptions) => useSave({ ...o, call: deleteCategory, invalidates: MC });
export const useDeleteType = (o?: SaveOptions) => useSave({ ...o, call: deleteType, invalidates: MC });
/** Switches a category on or off. */
export const useSetCategoryActive = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ id, active }: { id: number; active: boolean }) => updateCategory(id, { is_active: active }),
    invalidates: MC,
  });
/** Switches an incident type on or off. */
export const useSetTypeActive = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ id, active }: { id: number; active: boolean }) => updateType(id, { is_active: active }),
    invalidates: MC,
  });
/** Gives every category whose place changed its new order (the list as the user arranged it). */
export const useReorderCategories = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: (list: IncidentCategory[]) =>
      Promise.all(list.flatMap((c, i) => (c.order === i + 1 ? [] : [updateCategory(c.id, { order: i + 1 })]))),
    invalidates: MC,
  });

// ───────────────────────── protocols (issue 30 §2) ─────────────────────────

/** The school's protocols with their steps in order and the types that follow each. */
export function useProtocols() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("protocols"),
    queryFn: () => api<{ data: { protocols: Protocol[] } }>("/api/protocols").then((r) => r.data.protocols),
  });
}

/** Creates a protocol, or replaces the one given (name, steps, active). */
export const useSaveProtocol = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: ProtocolBody, key: string) =>
      id
        ? api(`/api/protocols/${id}`, { method: "PATCH", body })
        : api("/api/protocols", { method: "POST", body, idempotencyKey: key }),
    invalidates: MC,
  });
export const useDeleteProtocol = (o?: SaveOptions) =>
  useSave({ ...o, call: (id: number) => api(`/api/protocols/${id}`, { method: "DELETE" }), invalidates: MC });
