import type { InvitationLookup } from "@convive/domain";
import { Alert, Anchor, Button, Center, Group, Loader, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError, api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { AuthCard } from "./AuthCard.tsx";

interface Accepted {
  account: "new" | "existing";
  email: string;
  school: { id: string; name: string };
}

const call = <T,>(path: string, body: unknown) =>
  api<{ data: T }>(path, { method: "POST", body, noSchool: true, quiet: true }).then((r) => r.data);

/**
 * /RecoverPassword?invitation=… (issue 9): the e-mailed invitation. A new address sets its password here (and may
 * correct the names the school typed), which creates the account; an existing account only accepts and then signs
 * in with its own password. Until then the school is not among the person's schools.
 */
export function AcceptInvitation({ token, language }: { token: string; language: string | null }) {
  const { t, i18n } = useTranslation("auth");
  // The link carries the e-mail's language: the screen opens in it (the menu still switches).
  useEffect(() => {
    if ((language === "es" || language === "en") && i18n.resolvedLanguage !== language) {
      void i18n.changeLanguage(language);
    }
  }, [language, i18n]);
  const lookup = useQuery({
    queryKey: ["invitation", token],
    queryFn: () => call<InvitationLookup>("/api/invitations/lookup", { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  const invitation = lookup.data;
  const subtitle = invitation
    ? t("invitation.subtitle", { school: invitation.school.name, profile: invitation.profile_name })
    : undefined;

  return (
    <AuthCard title={t("invitation.title")} subtitle={accepted ? undefined : subtitle}>
      {lookup.isPending && (
        <Center py="md">
          <Loader aria-label={t("invitation.loading")} />
        </Center>
      )}
      {lookup.isError && (
        <Alert color="red" role="alert">
          {(lookup.error as Error).message}
        </Alert>
      )}
      {accepted && <Done accepted={accepted} />}
      {invitation && !accepted && (
        <Stack gap="sm">
          <Text size="sm">
            {t("invitation.email")}: <b style={{ overflowWrap: "anywhere" }}>{invitation.email}</b>
          </Text>
          <Text size="xs" c="gray.7">
            {t("invitation.expires", {
              date: new Intl.DateTimeFormat(i18n.resolvedLanguage ?? "es", { dateStyle: "long" }).format(
                new Date(invitation.expires_at),
              ),
            })}
          </Text>
          {invitation.account === "existing" ? (
            <AcceptExisting token={token} invitation={invitation} onAccepted={setAccepted} />
          ) : (
            <CreateAccount token={token} invitation={invitation} onAccepted={setAccepted} />
          )}
        </Stack>
      )}
      {!accepted && (
        <Anchor component={Link} to="/" size="sm" ta="center">
          {t("recover.backToLogin")}
        </Anchor>
      )}
    </AuthCard>
  );
}

function AcceptExisting({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: InvitationLookup;
  onAccepted: (a: Accepted) => void;
}) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      onAccepted(await call<Accepted>("/api/invitations/accept", { token }));
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t("invitation.existingHint", { school: invitation.school.name })}</Text>
      <Button onClick={() => void accept()} loading={busy} fullWidth size="md">
        {t("invitation.accept")}
      </Button>
    </Stack>
  );
}

function CreateAccount({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: InvitationLookup;
  onAccepted: (a: Accepted) => void;
}) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState(false);
  const empty = (v: string) => (v.trim() ? null : t("common:messages.emptyFields"));
  const form = useForm({
    initialValues: {
      first_name: invitation.first_name,
      paternal_surname: invitation.paternal_surname,
      maternal_surname: invitation.maternal_surname,
      cell_phone: invitation.cell_phone ?? "",
      password: "",
      password_confirmation: "",
    },
    validate: {
      first_name: empty,
      password: empty,
      password_confirmation: (v, values) =>
        empty(v) ?? (v === values.password ? null : t("common:messages.passwordsDoNotMatch")),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      onAccepted(await call<Accepted>("/api/invitations/accept", { token, ...values }));
    } catch (error) {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
      toast("error", (error as Error).message);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t("invitation.newHint")}</Text>
        <TextInput label={t("invitation.firstName")} required maxLength={80} {...form.getInputProps("first_name")} />
        <Group grow gap="sm" wrap="wrap">
          <TextInput
            label={t("invitation.paternalSurname")}
            maxLength={80}
            miw={150}
            {...form.getInputProps("paternal_surname")}
          />
          <TextInput
            label={t("invitation.maternalSurname")}
            maxLength={80}
            miw={150}
            {...form.getInputProps("maternal_surname")}
          />
        </Group>
        <TextInput
          label={t("invitation.cellPhone")}
          type="tel"
          autoComplete="tel"
          maxLength={30}
          {...form.getInputProps("cell_phone")}
        />
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
          {t("invitation.create")}
        </Button>
      </Stack>
    </form>
  );
}

/** Accepted: where to go next — sign in, or home when already signed in (their schools now include this one). */
function Done({ accepted }: { accepted: Accepted }) {
  const { t } = useTranslation("auth");
  const { token } = useSession();
  const client = useQueryClient();
  return (
    <Stack gap="sm">
      <Alert color="teal" role="status" title={t("invitation.doneTitle", { school: accepted.school.name })}>
        {accepted.account === "new" ? t("invitation.doneNew") : t("invitation.doneExisting")}
      </Alert>
      <Button
        component={Link}
        to="/"
        fullWidth
        size="md"
        onClick={() => void client.invalidateQueries({ queryKey: ["current-user"] })}
      >
        {token ? t("invitation.home") : t("login.submit")}
      </Button>
    </Stack>
  );
}
