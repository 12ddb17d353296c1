import type { FormTemplate, FormTemplateBody, UpdateFormTemplateBody } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { formsKey } from "./keys.ts";

/** GET /api/form-templates — the configurator's templates (and the sender's choice). */
export function useFormTemplates(enabled = true) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...formsKey(schoolId), "templates"],
    queryFn: ({ signal }) =>
      api<{ data: { templates: FormTemplate[] } }>("/api/form-templates", { signal }).then((r) => r.data.templates),
    enabled,
  });
}

type Saved = { data: { template: FormTemplate } };

/** POST /api/form-templates. */
export function useCreateTemplate(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (body: FormTemplateBody, key: string) =>
      api<Saved>("/api/form-templates", { method: "POST", body, idempotencyKey: key }).then((r) => r.data.template),
    invalidates: [formsKey(schoolId)],
  });
}

/** PATCH /api/form-templates/:id — a change of questions makes a new version. */
export function useUpdateTemplate(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: ({ id, ...body }: UpdateFormTemplateBody & { id: number }) =>
      api<Saved>(`/api/form-templates/${id}`, { method: "PATCH", body }).then((r) => r.data.template),
    invalidates: [formsKey(schoolId)],
  });
}
