import { authCodeOf, authFailureMessage, isAuthFailure } from "@convive/domain/auth-codes";
import { Alert, Button, Divider, Stack, Text } from "@mantine/core";
// The sign-in page carries only the styles it draws with (app/sign-in-styles.ts); these come with this panel.
import "@mantine/core/styles/Alert.layer.css";
import "@mantine/core/styles/Divider.layer.css";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { preloadSignedIn } from "../../../app/signed-in-chunks.ts";
import { PROVIDER_START } from "../api/provider.ts";
import { completeProviderSignIn, failureOf } from "../api/sign-in.ts";

type Failure = { status: number; code: string };

/**
 * The school's identity provider on its sign-in page (issue 32): "Sign in with <provider>", and the way back from it —
 * `/?oidc=complete` collects the session the server opened and lands as a sign-in does; `/?oidc_error=<code>` is a
 * failure of the spec §8 catalogue, said above the form in the reader's language. Both leave the address bar at once.
 */
export default function ProviderSignIn({
  provider,
  passwordSignIn,
}: {
  provider: { label: string } | null;
  passwordSignIn: boolean;
}) {
  const { t, i18n } = useTranslation("signInProvider");
  const language = i18n.language === "en" ? "en" : "es";
  const failure = useProviderReturn();
  return (
    <Stack gap="xs">
      {failure && (
        <Alert color="red" role="alert">
          <Text size="sm">{authFailureMessage(failure, language)}</Text>
          {passwordSignIn && authCodeOf(failure) === "network-request-failed" && (
            <Text size="sm" mt={4}>
              {t("signIn.passwordStillWorks")}
            </Text>
          )}
        </Alert>
      )}
      {provider && !passwordSignIn && (
        <Text size="sm" ta="center">
          {t("signIn.providerOnly")}
        </Text>
      )}
      {provider && (
        <Button component="a" href={PROVIDER_START} variant="default" size="md" fullWidth>
          {t("signIn.provider", { label: provider.label })}
        </Button>
      )}
      {provider && passwordSignIn && <Divider label={t("signIn.or")} labelPosition="center" />}
    </Stack>
  );
}

function useProviderReturn(): Failure | null {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const outcome = params.get("oidc");
  const error = params.get("oidc_error");
  const [failure, setFailure] = useState<Failure | null>(
    error && isAuthFailure(error) ? { status: 400, code: error } : null,
  );
  useEffect(() => {
    if (!outcome && !error) return;
    setParams({}, { replace: true });
    if (outcome !== "complete") return;
    preloadSignedIn();
    completeProviderSignIn().then(
      (next) => next && navigate(next, { replace: true }),
      (cause: unknown) => setFailure(failureOf(cause)),
    );
  }, [outcome, error, setParams, navigate]);
  return failure;
}
