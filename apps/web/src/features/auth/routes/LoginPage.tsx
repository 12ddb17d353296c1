import { Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { signIn } from "../api/sign-in.ts";
import { AuthCard } from "../components/AuthCard.tsx";

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // Plain state instead of a form library keeps the first screen's JavaScript small.
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const empty = t("common:messages.emptyFields");
    const found = { email: email.trim() ? undefined : empty, password: password ? undefined : empty };
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      const next = await signIn(email, password);
      if (next) navigate(next, { replace: true });
    } catch (error) {
      // Spec §8: a failed sign-in reads 'Error al Iniciar Sesión'; throttling, network and a server briefly
      // unavailable (503, a database restart) keep their own words: the password was not the problem.
      const message =
        error instanceof ApiError &&
        (error.code === "TOO_MANY_REQUESTS" || error.status === 0 || error.code === "SERVICE_UNAVAILABLE")
          ? error.message
          : t("common:messages.loginFailed");
      toast("error", message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("login.email")}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label={t("login.password")}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          <Button type="submit" loading={busy} fullWidth size="md" mt="xs">
            {t("login.submit")}
          </Button>
          <Anchor component={Link} to="/RecoverPassword" size="sm" ta="center">
            {t("login.forgot")}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
