import { PASSWORD_MIN_LENGTH } from "@convive/domain";
import { Button, Group, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { PasswordFields, passwordRules } from "../../../components/PasswordFields.tsx";
import { type ChangePasswordValues, useChangePassword } from "../api/change-password.ts";
import { Section } from "./Section.tsx";

const EMPTY: ChangePasswordValues = { current_password: "", password: "", password_confirmation: "" };

/** Spec §5: 'empty fields' and 'Passwords do not match'; success reads 'Updated password' (spec §8). */
export function PasswordSection() {
  const { t } = useTranslation("account");
  const empty = (v: string) => (v ? null : t("common:messages.emptyFields"));
  const form = useForm<ChangePasswordValues>({
    initialValues: EMPTY,
    validate: {
      current_password: empty,
      ...passwordRules(t, empty, {
        min: PASSWORD_MIN_LENGTH,
        message: t("password.tooShort", { min: PASSWORD_MIN_LENGTH }),
      }),
    },
  });
  // The other devices were signed out by the change: their list refreshes inside the mutation.
  const save = useChangePassword({
    form,
    success: t("common:messages.passwordUpdated"),
    failure: (error) => error.message,
  });
  const submit = form.onSubmit((values) =>
    save.submit(values, () => {
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
    }),
  );

  return (
    <Section title={t("password.title")} description={t("password.description")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordFields
            form={form}
            labels={{
              current: t("password.current"),
              new: t("password.new"),
              hint: t("password.hint", { min: PASSWORD_MIN_LENGTH }),
              confirm: t("password.confirm"),
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.busy}>
              {t("password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
