import type {
  FamilyForm,
  FormAnswersPage,
  FormCompletion,
  FormSummary,
  SaveAnswerBody,
  SendFormBody,
  SentForm,
} from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api, download } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { formsKey } from "./keys.ts";

function useFormsQuery<T>(path: string, pick: (data: never) => T, enabled = true) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...formsKey(schoolId), path],
    queryFn: ({ signal }) => api<{ data: never }>(path, { signal }).then((r) => pick(r.data)),
    enabled,
  });
}

/** GET /api/forms — sent forms in the reader's scope (a family: its children's). */
export const useSentForms = () => useFormsQuery("/api/forms", (d: { forms: SentForm[] }) => d.forms);
/** GET /api/forms/:id — staff's completion view. */
export const useFormCompletion = (id: number) =>
  useFormsQuery(`/api/forms/${id}`, (d: { form: FormCompletion }) => d.form);
/** GET /api/forms/:id/mine — a family's form and its children's rows. */
export const useFamilyForm = (id: number) =>
  useFormsQuery(`/api/forms/${id}/mine`, (d: { form: FamilyForm }) => d.form);
/** GET /api/forms/:id/answers — every submitted answer in scope. */
export const useFormAnswers = (id: number, enabled: boolean) =>
  useFormsQuery(`/api/forms/${id}/answers`, (d: { answers: FormAnswersPage }) => d.answers.rows, enabled);
/** GET /api/forms/:id/summary — per question counts. */
export const useFormSummary = (id: number, enabled: boolean) =>
  useFormsQuery(`/api/forms/${id}/summary`, (d: { summary: FormSummary }) => d.summary, enabled);

/** POST /api/forms — sends a template's current version. */
export function useSendForm(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (body: SendFormBody, key: string) =>
      api<{ data: { form: SentForm } }>("/api/forms", { method: "POST", body, idempotencyKey: key }).then(
        (r) => r.data.form,
      ),
    invalidates: [formsKey(schoolId)],
  });
}

/** PUT /api/forms/:id/students/:studentId/answer — a draft or the answer. */
export function useSaveAnswer(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: ({ formId, studentId, ...body }: SaveAnswerBody & { formId: number; studentId: number }) =>
      api<{ data: { form: FamilyForm } }>(`/api/forms/${formId}/students/${studentId}/answer`, {
        method: "PUT",
        body,
      }).then((r) => r.data.form),
    invalidates: [formsKey(schoolId)],
  });
}

/** POST /api/forms/:id/remind and …/close. */
export function useFormAction(action: "remind" | "close", o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (id: number, key: string) =>
      api<{ data: { result?: { reminded: number } } }>(`/api/forms/${id}/${action}`, {
        method: "POST",
        idempotencyKey: key,
      }).then((r) => r.data.result?.reminded ?? 0),
    invalidates: [formsKey(schoolId)],
  });
}

/** GET /api/forms/:id/export.xlsx, saved by the browser. */
export async function exportForm(id: number) {
  const { blob, name } = await download(`/api/forms/${id}/export.xlsx`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name ?? `form-${id}.xlsx`;
  a.click();
  URL.revokeObjectURL(url);
}

/** POST /api/form-files — a file question's upload. */
export const uploadFormFile = (file: File) =>
  api<{ data: { id: number; file_name: string } }>(`/api/form-files?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    body: file,
  }).then((r) => r.data);

interface AudienceOption {
  audience: { kind: "school" | "section" | "grade" | "group"; id?: number };
  label: string;
  families: number;
}

/** The groups and grades the sender may address this year (the announcements' audiences: same scope rule). */
export function useFormAudiences(enabled: boolean) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...formsKey(schoolId), "audiences"],
    queryFn: ({ signal }) =>
      api<{ data: { options: AudienceOption[] } }>("/api/announcements/audiences", { signal }).then((r) =>
        r.data.options.filter((o) => o.audience.kind === "group" || o.audience.kind === "grade"),
      ),
    enabled,
  });
}
