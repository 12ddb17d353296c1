import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api.ts";
import { focusFirstError } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast.ts";

/** Where the server's errors go: onto the form's fields, or (`rest`) into the message above the form. */
export type ServerErrors = (errors: Record<string, string>) => { fields: Record<string, string>; rest: string[] };

/**
 * The save of an incident or an observation through its mutation: local problems (translation keys) on the
 * fields before anything is sent; then the spec's toasts, the server's errors on the fields (paths mapped by
 * `serverErrors`, as the request's rows differ from the form's) and what no field can show above the form.
 */
export function useRegistrationSave<TBody, TResult>(
  form: { setErrors: (errors: Record<string, string>) => void },
  mutation: UseMutationResult<TResult, Error, TBody>,
) {
  const { t } = useTranslation("registration");
  const [failure, setFailure] = useState<string | null>(null);

  /** True when the form may be sent; otherwise its problems are shown and the first one focused. */
  const check = (problems: Record<string, string>) => {
    setFailure(null);
    if (Object.keys(problems).length === 0) return true;
    form.setErrors(Object.fromEntries(Object.entries(problems).map(([path, key]) => [path, t(key)])));
    focusFirstError(problems);
    return false;
  };

  const save = (body: TBody, serverErrors: ServerErrors, onSaved: (result: TResult) => void) =>
    mutation.mutate(body, {
      onSuccess: (result) => {
        toast("success", t("common:messages.saved"));
        onSaved(result);
      },
      onError: (error) => {
        toast("error", t("common:messages.saveFailed"));
        const { fields, rest } = serverErrors(error instanceof ApiError ? (error.errors ?? {}) : {});
        form.setErrors(fields);
        focusFirstError(fields);
        setFailure(rest.length ? rest.join(" ") : Object.keys(fields).length ? null : error.message);
      },
    });

  return { check, save, failure, clearFailure: () => setFailure(null), busy: mutation.isPending };
}
