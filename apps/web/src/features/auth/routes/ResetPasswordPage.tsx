import "../../../app/full-styles.ts";
import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PasswordFields, passwordRules } from "../../../components/PasswordFields.tsx";
import { useResetPassword } from "../api/reset-password.ts";
import { AuthCard } from "../components/AuthCard.tsx";

/** Opened from the e-mailed link: sets a new password with the single-use token. */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState(false);
  const empty = (v: string) => (v ? null : t("common:messages.emptyFields"));
  const form = useForm({
    initialValues: { password: "", password_confirmation: "" },
    validate: passwordRules(t, empty),
  });
  const save = useResetPassword({
    form,
    success: t("common:messages.passwordUpdated"),
    failure: (error) => error.message,
  });
  const submit = form.onSubmit((values) => save.submit({ ...values, token }, () => setDone(true)));
  return (
    <AuthCard title={t("reset.title")}>
      {!token && <Alert color="red">{t("reset.missingToken")}</Alert>}
      {done && (
        <Alert color="teal" role="status">
          {t("reset.done")}
        </Alert>
      )}
      {token && !done && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordFields
              form={form}
              labels={{ new: t("reset.new"), hint: t("changePassword.hint"), confirm: t("reset.confirm") }}
            />
            <Button type="submit" loading={save.busy} fullWidth size="md">
              {t("reset.submit")}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/" size="sm" ta="center">
        {t("recover.backToLogin")}
      </Anchor>
    </AuthCard>
  );
}
