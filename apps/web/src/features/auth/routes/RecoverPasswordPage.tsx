import "../../../app/full-styles.ts";
import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useForgotPassword } from "../api/reset-password.ts";
import { AcceptInvitation } from "../components/AcceptInvitation.tsx";
import { AuthCard } from "../components/AuthCard.tsx";

/**
 * Spec §2 /RecoverPassword: allowed without a token; the answer never tells whether the account exists. With
 * `?invitation=<token>` it is the e-mailed invitation to a school (the one public screen besides login).
 */
export default function RecoverPasswordPage() {
  const [params] = useSearchParams();
  const invitation = params.get("invitation");
  if (invitation) return <AcceptInvitation token={invitation} language={params.get("lang")} />;
  return <RecoverPassword />;
}

function RecoverPassword() {
  const { t } = useTranslation("auth");
  const [sent, setSent] = useState(false);
  const form = useForm({
    initialValues: { email: "" },
    validate: { email: (v) => (v.trim() ? null : t("common:messages.emptyFields")) },
  });
  const save = useForgotPassword({ form, success: false, failure: (error) => error.message });
  const submit = form.onSubmit((values) => save.submit(values, () => setSent(true)));
  return (
    <AuthCard title={t("recover.title")} subtitle={t("recover.subtitle")}>
      {sent ? (
        <Alert color="teal" role="status">
          {t("recover.sent")}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t("recover.email")}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps("email")}
            />
            <Button type="submit" loading={save.busy} fullWidth size="md">
              {t("recover.submit")}
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
