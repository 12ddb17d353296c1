import { PasswordInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { TFunction } from "i18next";

interface PasswordValues {
  password: string;
  password_confirmation: string;
}

export interface PasswordLabels {
  /** With it, the current password is asked first (a change rather than a reset). */
  current?: string;
  new: string;
  /** The rule under the new password ("At least 8 characters."). */
  hint: string;
  confirm: string;
}

/**
 * The new password twice (and the current one for a change), with what password managers need to fill them:
 * the same fields on the invitation, the reset link, the forced change and the account screen.
 */
export function PasswordFields<V extends PasswordValues>({
  form,
  labels,
}: {
  form: UseFormReturnType<V>;
  labels: PasswordLabels;
}) {
  return (
    <>
      {labels.current && (
        <PasswordInput
          label={labels.current}
          autoComplete="current-password"
          required
          {...form.getInputProps("current_password")}
        />
      )}
      <PasswordInput
        label={labels.new}
        description={labels.hint}
        autoComplete="new-password"
        required
        {...form.getInputProps("password")}
      />
      <PasswordInput
        label={labels.confirm}
        autoComplete="new-password"
        required
        {...form.getInputProps("password_confirmation")}
      />
    </>
  );
}

/**
 * The checks of those fields before anything is sent (spec §5): 'empty fields', an optional minimum length and
 * 'Passwords do not match'. `empty` is the screen's own test of an empty field.
 */
export function passwordRules(
  t: TFunction,
  empty: (value: string) => string | null,
  tooShort?: { min: number; message: string },
) {
  return {
    password: (v: string) => empty(v) ?? (tooShort && v.length < tooShort.min ? tooShort.message : null),
    password_confirmation: (v: string, values: PasswordValues) =>
      empty(v) ?? (v === values.password ? null : t("common:messages.passwordsDoNotMatch")),
  };
}
