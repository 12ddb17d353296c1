import type {
  CategoryBody,
  IncidentCategory,
  IncidentType,
  IncidentTypeBody,
  UpdateCategoryBody,
  UpdateIncidentTypeBody,
} from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useMcKey, useMcMutation } from "../shared/keys.ts";

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

export const createCategory = (body: CategoryBody) =>
  api<{ data: { category: IncidentCategory } }>("/api/incident-categories", { method: "POST", body });
export const updateCategory = (id: number, body: Partial<UpdateCategoryBody>) =>
  api<{ data: { category: IncidentCategory } }>(`/api/incident-categories/${id}`, { method: "PATCH", body });
export const deleteCategory = (id: number) => api(`/api/incident-categories/${id}`, { method: "DELETE" });

/** Guidelines travel as the textarea's text, one per line; the server splits and checks them. */
export const createType = (body: IncidentTypeBody) =>
  api<{ data: { type: IncidentType } }>("/api/incident-types", { method: "POST", body });
export const updateType = (id: number, body: Partial<UpdateIncidentTypeBody>) =>
  api<{ data: { type: IncidentType } }>(`/api/incident-types/${id}`, { method: "PATCH", body });
export const deleteType = (id: number) => api(`/api/incident-types/${id}`, { method: "DELETE" });

/** Creates an incident type, or updates the one given. */
export const useSaveType = (id: number | null) =>
  useMcMutation((body: IncidentTypeBody) => (id ? updateType(id, body) : createType(body)));
/** Creates a category (answering it, so a type form can pick it at once), or updates the one given. */
export const useSaveCategory = (id: number | null) =>
  useMcMutation(async (body: CategoryBody) => {
    if (id) {
      await updateCategory(id, body);
      return null;
    }
    return (await createCategory(body)).data.category;
  });
export const useDeleteCategory = () => useMcMutation(deleteCategory);
export const useDeleteType = () => useMcMutation(deleteType);
/** Switches a category on or off. */
export const useSetCategoryActive = () =>
  useMcMutation(({ id, active }: { id: number; active: boolean }) => updateCategory(id, { is_active: active }));
/** Switches an incident type on or off. */
export const useSetTypeActive = () =>
  useMcMutation(({ id, active }: { id: number; active: boolean }) => updateType(id, { is_active: active }));
/** Gives every category whose place changed its new order (the list as the user arranged it). */
export const useReorderCategories = () =>
  useMcMutation((list: IncidentCategory[]) =>
    Promise.all(list.flatMap((c, i) => (c.order === i + 1 ? [] : [updateCategory(c.id, { order: i + 1 })]))),
  );
