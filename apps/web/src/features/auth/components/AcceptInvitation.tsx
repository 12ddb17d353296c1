import type { InvitationLookup } from "@convive/domain";
import { formatDateTime, localName } from "@convive/domain/core";
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PasswordFields, passwordRules } from "../../../components/PasswordFields.tsx";
import { useSession } from "../../../lib/session.ts";
import { type Accepted, useAcceptInvitation, useInvitation } from "../api/invitations.ts";
import { AuthCard } from "./AuthCard.tsx";

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
  const lookup = useInvitation(token);
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  const navigate = useNavigate();
  // A new account chose its password just now and is signed in: on to its landing view (a new school's Director:
  // the setup checklist). Should that fail, the done message still offers the sign-in.
  const onAccepted = (result: Accepted) => {
    setAccepted(result);
    const opened = result.session;
    if (!opened) return;
    void import("../api/sign-in.ts")
      .then(({ signInWithSession }) => signInWithSession(opened, opened.user_id))
      .then((next) => {
        if (next) navigate(next, { replace: true });
      })
      .catch((error: unknown) => console.warn("signed in by the invitation, but the landing failed", error));
  };
  const invitation = lookup.data;
  const subtitle = invitation
    ? t("invitation.subtitle", {
        school: invitation.school.name,
        profile: localName(
          { name: invitation.profile_name, name_en: invitation.profile_name_en },
          i18n.resolvedLanguage ?? "es",
        ),
      })
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
              date: formatDateTime(invitation.expires_at, {
                lang: i18n.resolvedLanguage ?? "es",
                timeZone: invitation.school.time_zone,
              }),
            })}
          </Text>
          {invitation.account === "existing" ? (
            <AcceptExisting token={token} invitation={invitation} onAccepted={onAccepted} />
          ) : (
            <CreateAccount token={token} invitation={invitation} onAccepted={onAccepted} />
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
  const accept = useAcceptInvitation(token, { success: false, failure: (error) => error.message });
  return (
    <Stack gap="sm">
      <Text size="sm">{t("invitation.existingHint", { school: invitation.school.name })}</Text>
      <Button onClick={() => void accept.submit({}, onAccepted)} loading={accept.busy} fullWidth size="md">
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
      ...passwordRules(t, empty),
    },
  });
  const save = useAcceptInvitation(token, { form, success: false, failure: (error) => error.message });
  const submit = form.onSubmit((values) => save.submit(values, onAccepted));
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
        <PasswordFields
          form={form}
          labels={{ new: t("reset.new"), hint: t("changePassword.hint"), confirm: t("reset.confirm") }}
        />
        <Button type="submit" loading={save.busy} fullWidth size="md">
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
