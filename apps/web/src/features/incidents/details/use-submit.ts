import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";

interface FormTarget {
  setErrors: (errors: Record<string, string>) => void;
  values: object;
}

/**
 * One action of the details view as a TanStack mutation: 'Saved successfully!' or 'Failed to save!' (spec §8), the
 * incident fetched again (its timeline and states move), the server's field errors on the fields — `fieldOf` maps
 * a body key to the form field that holds it — and any other reason kept for the dialog. Typed text stays in the
 * form on failure. Each dialog passes its call (from ./api.ts), so one hook serves the five dialogs.
 */
export function useSubmit(form: FormTarget, refresh: () => Promise<unknown>, fieldOf: Record<string, string> = {}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: (action: () => Promise<unknown>) => action() });

  const onError = (error: Error) => {
    toast("error", t("messages.saveFailed"));
    const fields = Object.keys(form.values);
    const fieldErrors: Record<string, string> = {};
    const apiErrors = error instanceof ApiError ? (error.errors ?? {}) : {};
    for (const [path, message] of Object.entries(apiErrors)) {
      const field = fieldOf[path] ?? path;
      if (fields.includes(field)) fieldErrors[field] ??= message;
    }
    form.setErrors(fieldErrors);
    const covered =
      Object.keys(apiErrors).length > 0 && Object.keys(apiErrors).every((k) => fields.includes(fieldOf[k] ?? k));
    setFailure(covered ? null : error.message);
    // A conflict means the incident moved under us (closed elsewhere, a new pending action): show it as it is.
    if (error instanceof ApiError && error.status === 409) void refresh();
  };

  /** Runs the call; true once saved (after `onDone`), false when it failed. */
  const run = (action: () => Promise<unknown>, onDone?: () => void) => {
    setFailure(null);
    return mutation.mutateAsync(action).then(
      () => {
        toast("success", t("messages.saved"));
        onDone?.();
        void refresh();
        return true;
      },
      (error: Error) => {
        onError(error);
        return false;
      },
    );
  };

  return { busy: mutation.isPending, failure, run };
}
