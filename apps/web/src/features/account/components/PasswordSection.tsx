import { PASSWORD_MIN_LENGTH } from "@convive/domain";
import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { type ChangePasswordValues, changePassword } from "../api/change-password.ts";
import { sessionsKey } from "../api/sessions.ts";
import { Section } from "./Section.tsx";

const EMPTY: ChangePasswordValues = { current_password: "", password: "", password_confirmation: "" };

/** Spec §5: 'empty fields' and 'Passwords do not match'; success reads 'Updated password' (spec §8). */
export function PasswordSection() {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const empty = (v: string) => (v ? null : t("common:messages.emptyFields"));
  const form = useForm<ChangePasswordValues>({
    initialValues: EMPTY,
    validate: {
      current_password: empty,
      password: (v) =>
        empty(v) ?? (v.length >= PASSWORD_MIN_LENGTH ? null : t("password.tooShort", { min: PASSWORD_MIN_LENGTH })),
      password_confirmation: (v, values) =>
        empty(v) ?? (v === values.password ? null : t("common:messages.passwordsDoNotMatch")),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await changePassword(values);
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
      toast("success", t("common:messages.passwordUpdated"));
      // The other devices were signed out by the change.
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
    } catch (error) {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
      toast("error", (error as Error).message);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Section title={t("password.title")} description={t("password.description")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t("password.current")}
            autoComplete="current-password"
            required
            {...form.getInputProps("current_password")}
          />
          <PasswordInput
            label={t("password.new")}
            description={t("password.hint", { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
          />
          <PasswordInput
            label={t("password.confirm")}
            autoComplete="new-password"
            required
            {...form.getInputProps("password_confirmation")}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t("password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
