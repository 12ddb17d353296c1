import { Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { preloadSignedIn } from "../../../app/signed-in-chunks.ts";
import { toast } from "../../../lib/toast.ts";
import { useSignInOptions } from "../api/provider.ts";
import { unlockOnce } from "../api/unlock.ts";
import { AuthCard } from "../components/AuthCard.tsx";

// The sign-in flow, with the rules that decide where a person lands, loads once someone starts on the form (it
// is not needed to draw the page), and at the latest when the form is sent.
const loadSignIn = () => import("../api/sign-in.ts");
// The school's identity provider (issue 32): its button, and the way back from it. Loaded only on a school's address
// that has one, or back from it: the sign-in page's first bundle stays as it was.
const ProviderSignIn = lazy(() => import("../components/ProviderSignIn.tsx"));

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  // Plain state instead of a form library or a mutation hook keeps the first screen's JavaScript small.
  const [pending, setPending] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const options = useSignInOptions();
  const [params] = useSearchParams();
  const [returning] = useState(() => params.has("oidc") || params.has("oidc_error"));
  const showPassword = options?.password_sign_in !== false;
  useUnlockLink();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const empty = t("common:messages.emptyFields");
    const found = { email: email.trim() ? undefined : empty, password: password ? undefined : empty };
    setErrors(found);
    if (found.email || found.password) return;
    setPending(true);
    preloadSignedIn();
    loadSignIn()
      .then(({ signIn }) => signIn(email, password))
      .then(
        (next) => {
          setPending(false);
          if (next) navigate(next, { replace: true });
        },
        (error: unknown) => {
          setPending(false);
          // Spec §8 by its catalogue's client codes (domain auth-codes): a failed sign-in reads 'Error al Iniciar
          // Sesión' (wrong-password); throttling, no connection and a server briefly unavailable read their own.
          void loadSignIn().then(({ failureMessage }) => toast("error", failureMessage(error)));
        },
      );
  };

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      {(options?.provider || returning) && (
        <Suspense fallback={null}>
          <ProviderSignIn provider={options?.provider ?? null} passwordSignIn={showPassword} />
        </Suspense>
      )}
      {showPassword && (
        <form onSubmit={submit} onFocus={() => void loadSignIn().catch(() => {})} noValidate>
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
            <Button type="submit" loading={pending} fullWidth size="md" mt="xs">
              {t("login.submit")}
            </Button>
            <Anchor component={Link} to="/RecoverPassword" size="sm" ta="center">
              {t("login.forgot")}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

/**
 * `/?unlock=<token>`: the link e-mailed to the owner of a locked account. Spent at once (and dropped from the
 * address bar), it trusts this browser; the owner then signs in with their password as usual.
 */
function useUnlockLink() {
  const { t } = useTranslation("auth");
  const [params, setParams] = useSearchParams();
  const token = params.get("unlock");
  useEffect(() => {
    if (!token) return;
    setParams({}, { replace: true });
    unlockOnce(token)?.then(
      () => toast("success", t("login.unlocked")),
      (error: unknown) => void loadSignIn().then(({ failureMessage }) => toast("error", failureMessage(error))),
    );
  }, [token, setParams, t]);
}
