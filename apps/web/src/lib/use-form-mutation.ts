import type { UseMutationResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { failureOf, focusFirstError } from "./form-errors.ts";
import { toast } from "./toast.ts";

/** The part of a @mantine/form form a save needs: its fields' names and a way to put errors on them. */
export interface FieldErrorTarget {
  setErrors: (errors: Record<string, string>) => void;
  values: object;
}

interface Messages {
  /** Default: 'Saved successfully!' (spec §8); false when the screen itself shows the outcome. */
  success?: string | false;
  /** Default: 'Failed to save!' (spec §8); a function toasts the server's own reason (e.g. the password screens). */
  failure?: string | ((error: Error) => string);
}

/**
 * Submits a form through a `useCreateX`/`useUpdateX` mutation (which invalidates what it changes): the spec's
 * toasts, the server's field errors on the form's fields and focus on the first one. `failure` is the server's
 * reason when no field says it, for the form to show above its fields. Busy and error state live in the mutation.
 */
export function useFormMutation<TVariables, TResult>(
  form: FieldErrorTarget,
  mutation: UseMutationResult<TResult, Error, TVariables>,
  messages: Messages = {},
) {
  const { t } = useTranslation();
  const fields = Object.keys(form.values);
  const submit = (variables: TVariables, onSaved?: (result: TResult) => void) =>
    mutation.mutate(variables, {
      onSuccess: (result) => {
        if (messages.success !== false) toast("success", messages.success ?? t("common:messages.saved"));
        onSaved?.(result);
      },
      onError: (error) => {
        const failure = typeof messages.failure === "function" ? messages.failure(error) : messages.failure;
        toast("error", failure ?? t("common:messages.saveFailed"));
        const { fieldErrors } = failureOf(error, fields);
        form.setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      },
    });
  return {
    submit,
    busy: mutation.isPending,
    failure: mutation.error ? failureOf(mutation.error, fields).message : null,
    /** Clears the reason shown above the form (e.g. when the user edits again). */
    clearFailure: mutation.reset,
  };
}
