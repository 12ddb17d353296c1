import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ApiError, newIdempotencyKey } from "./api.ts";
import { focusFirstError } from "./form-errors.ts";
import i18n from "./i18n.ts";
import { toast } from "./toast.ts";

/** The part of a @mantine/form form a save needs: its fields' names and a way to put errors on them. */
export interface FieldErrorTarget {
  setErrors: (errors: Record<string, string>) => void;
  values: object;
}

/** What a screen chooses about one save; a per-endpoint `useCreateX(options)` passes these through. */
export interface SaveOptions {
  /** The form whose fields get the server's field errors (and focus on the first one). */
  form?: FieldErrorTarget;
  /** A body key the server names → the form field that holds it (`{ scheduled_at: "day" }`). */
  fieldOf?: Record<string, string>;
  /**
   * Where the server's errors go when its paths differ from the form's (rows of a list): `fields` onto the form,
   * `rest` into the message above it. Without it, errors whose path (or `fieldOf`) names a field go on that field.
   */
  serverErrors?: (errors: Record<string, string>) => { fields: Record<string, string>; rest: string[] };
  /** Default: 'Saved successfully!' (spec §8); false when the screen itself shows the outcome. */
  success?: string | false;
  /** Default: 'Failed to save!' (spec §8); a function toasts the server's own reason (the password screens). */
  failure?: string | ((error: Error) => string);
}

export interface SaveSpec<TVariables, TResult> extends SaveOptions {
  /** The call. `idempotencyKey` is this submission's key: a create passes it to `api()` (`idempotencyKey`). */
  call: (variables: TVariables, idempotencyKey: string) => Promise<TResult>;
  /** Queries refreshed after success (and after a 409: the data moved under the user). */
  invalidates?: readonly QueryKey[];
  /** What else a success changes in the cache (a grid patched in place). */
  update?: (result: TResult, variables: TVariables) => unknown;
}

/**
 * What makes two submissions "the same": their values as JSON, files by name, size and date (JSON would turn each
 * into `{}`). Values JSON cannot hold (a cycle) count as new every time.
 */
function fingerprint(variables: unknown) {
  try {
    return JSON.stringify(variables ?? null, (_, value) =>
      value instanceof Blob
        ? `blob:${(value as File).name ?? ""}:${value.size}:${(value as File).lastModified ?? ""}:${value.type}`
        : value,
    );
  } catch {
    return newIdempotencyKey();
  }
}

/** Whether the server may have written: no answer (network, time-out) or a failure of its own (5xx). */
const outcomeUnknown = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status >= 500 ||
  error.code === "IDEMPOTENCY_KEY_IN_FLIGHT";

/**
 * The web app's one save path (every create, update, delete and toggle). A submission keeps ONE idempotency key:
 * a double click joins the request already on its way, and a retry of the same values after an unknown outcome
 * (network error, time-out, 5xx) sends the same key, so the server makes one row; a success, a refusal the server
 * answered (nothing written) or changed values start a new key. After success the `invalidates` queries refresh
 * before the save settles (a dialog closes on fresh data).
 *
 * `submit(values, onSaved)` is for forms: the spec's toasts in the user's language, the server's field errors on
 * the fields, any other reason kept in `failure` for the form to show; it resolves true once saved. `run(values)`
 * is the bare call (throws, no toasts) for a `ConfirmDialog` action or a toggle that reports its own outcome.
 */
export function useSave<TVariables, TResult = unknown>(spec: SaveSpec<TVariables, TResult>) {
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useRef<{ key: string; print: string; pending: Promise<TResult> | null } | null>(null);
  const refresh = () => Promise.all((spec.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
  const mutation = useMutation({
    mutationFn: ({ variables, key }: { variables: TVariables; key: string }) => spec.call(variables, key),
    onSuccess: async (result, { variables }) => {
      await spec.update?.(result, variables);
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
  });

  const run = (variables: TVariables): Promise<TResult> => {
    const print = fingerprint(variables);
    const current = attempt.current;
    if (current?.pending && current.print === print) return current.pending;
    const key = current && current.print === print ? current.key : newIdempotencyKey();
    const pending = mutation.mutateAsync({ variables, key }).then(
      (result) => {
        if (attempt.current?.key === key) attempt.current = null;
        return result;
      },
      (error: unknown) => {
        if (attempt.current?.key === key)
          attempt.current = outcomeUnknown(error) ? { key, print, pending: null } : null;
        throw error;
      },
    );
    attempt.current = { key, print, pending };
    return pending;
  };

  const fields = () => Object.keys(spec.form?.values ?? {});
  const onFailure = (error: Error) => {
    const reason = typeof spec.failure === "function" ? spec.failure(error) : spec.failure;
    // i18n.t, not a render's t: a save that switches the language toasts in the new one.
    toast("error", reason ?? i18n.t("common:messages.saveFailed"));
    const known = fields();
    const apiErrors = error instanceof ApiError ? (error.errors ?? {}) : {};
    if (spec.serverErrors) {
      const { fields: onFields, rest } = spec.serverErrors(apiErrors);
      spec.form?.setErrors(onFields);
      focusFirstError(onFields);
      setFailure(rest.length ? rest.join(" ") : Object.keys(onFields).length ? null : error.message);
      return;
    }
    const fieldErrors: Record<string, string> = {};
    for (const [path, message] of Object.entries(apiErrors)) {
      const field = spec.fieldOf?.[path] ?? path;
      if (known.includes(field)) fieldErrors[field] ??= message;
    }
    spec.form?.setErrors(fieldErrors);
    focusFirstError(fieldErrors);
    const covered =
      Object.keys(apiErrors).length > 0 && Object.keys(apiErrors).every((k) => known.includes(spec.fieldOf?.[k] ?? k));
    setFailure(covered ? null : error.message);
  };

  /** Saves with the spec's toasts and field errors; true once saved (after `onSaved`), false when it failed. */
  const submit = (variables: TVariables, onSaved?: (result: TResult) => void): Promise<boolean> => {
    // A second click while the first is on its way: the same answer, one toast.
    const joined = attempt.current?.print === fingerprint(variables) ? attempt.current.pending : null;
    if (joined) return joined.then(() => true).catch(() => false);
    setFailure(null);
    return run(variables).then(
      (result) => {
        if (spec.success !== false) toast("success", spec.success ?? i18n.t("common:messages.saved"));
        onSaved?.(result);
        return true;
      },
      (error: Error) => {
        onFailure(error);
        return false;
      },
    );
  };

  return {
    submit,
    run,
    busy: mutation.isPending,
    /** The values on their way while busy (a tick shown at once, before the server's answer). */
    saving: mutation.isPending ? mutation.variables?.variables : undefined,
    failure,
    /** Clears the reason shown above the form (e.g. when the user edits again). */
    clearFailure: () => setFailure(null),
  };
}

/** A save as a screen holds it (`FormModal`'s `save` prop takes it). */
export type Save<TVariables, TResult = unknown> = ReturnType<typeof useSave<TVariables, TResult>>;
