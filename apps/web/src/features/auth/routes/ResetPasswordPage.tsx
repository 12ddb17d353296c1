import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError, api } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { AuthCard } from "../components/AuthCard.tsx";

/** Opened from the e-mailed link: sets a new password with the single-use token. */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const empty = (v: string) => (v ? null : t("common:messages.emptyFields"));
  const form = useForm({
    initialValues: { password: "", password_confirmation: "" },
    validate: {
      password: empty,
      password_confirmation: (v, values) =>
        empty(v) ?? (v === values.password ? null : t("common:messages.passwordsDoNotMatch")),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await api("/api/user/reset-password", {
        method: "POST",
        body: { ...values, token },
        noSchool: true,
        quiet: true,
      });
      setDone(true);
      toast("success", t("common:messages.passwordUpdated"));
    } catch (error) {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
      toast("error", (error as Error).message);
    } finally {
      setBusy(false);
    }
  });
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
            <PasswordInput
              label={t("reset.new")}
              description={t("changePassword.hint")}
              autoComplete="new-password"
              required
              {...form.getInputProps("password")}
            />
            <PasswordInput
              label={t("reset.confirm")}
              autoComplete="new-password"
              required
              {...form.getInputProps("password_confirmation")}
            />
            <Button type="submit" loading={busy} fullWidth size="md">
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
