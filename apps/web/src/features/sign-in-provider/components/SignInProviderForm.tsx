import { AdminSignInProviderBody, type SignInProvider } from "@convive/domain";
import { Code, Loader, PasswordInput, SimpleGrid, Switch, TagsInput, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useSaveSignInProvider, useSignInProvider } from "../api/sign-in-provider.ts";

interface Values {
  label: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  allowed_domains: string[];
  tenant_id: string;
  password_sign_in: boolean;
  enabled: boolean;
  director_may_edit: boolean;
}

const valuesOf = (p: SignInProvider | null): Values => ({
  label: p?.label ?? "Google",
  issuer: p?.issuer ?? "",
  client_id: p?.client_id ?? "",
  client_secret: "",
  allowed_domains: p?.allowed_domains ?? [],
  tenant_id: p?.tenant_id ?? "",
  password_sign_in: p?.password_sign_in ?? true,
  enabled: p?.enabled ?? true,
  director_may_edit: p?.director_may_edit ?? false,
});

interface Props {
  /** The school, for the platform administrator; null: the Director's own school. */
  schoolId: string | null;
  schoolName: string;
  opened: boolean;
  onClose: () => void;
}

/** A school's "Sign in with Google / Microsoft" (issue 32): its OpenID Connect provider, in a dialog. */
export function SignInProviderForm(props: Props) {
  const current = useSignInProvider(props.schoolId, props.opened);
  if (!props.opened) return null;
  if (!current.data) {
    return (
      <FormModal opened onClose={props.onClose} title={props.schoolName}>
        <Loader size="sm" />
      </FormModal>
    );
  }
  return <ProviderFormModal key={current.data.provider?.updated_at ?? "new"} {...props} answer={current.data} />;
}

function ProviderFormModal({
  schoolId,
  schoolName,
  onClose,
  answer,
}: Props & { answer: { provider: SignInProvider | null; redirect_uri: string } }) {
  const { t } = useTranslation("signInProvider");
  const asRoot = schoolId !== null;
  const hasSecret = answer.provider?.has_client_secret ?? false;
  const form = useForm<Values>({
    initialValues: valuesOf(answer.provider),
    validate: (values) => {
      const errors = schemaErrors(
        AdminSignInProviderBody,
        { ...values, client_secret: values.client_secret || undefined },
        t,
      );
      if (!hasSecret && !values.client_secret.trim()) errors.client_secret = t("common:messages.emptyFields");
      return errors;
    },
  });
  const save = useSaveSignInProvider(schoolId, { form });
  const submit = form.onSubmit((values) =>
    save.submit(
      {
        ...values,
        client_secret: values.client_secret.trim() || undefined,
        tenant_id: values.tenant_id.trim() || null,
      },
      onClose,
    ),
  );
  const readOnly = !asRoot && !answer.provider?.director_may_edit;

  return (
    <FormModal
      opened
      onClose={onClose}
      size="lg"
      title={t("title", { name: schoolName })}
      onSubmit={readOnly ? undefined : submit}
      busy={save.busy}
      failure={save.failure}
    >
      <Text size="sm" c="dimmed">
        {t("intro")}
      </Text>
      {readOnly && (
        <Text size="sm" fw={500}>
          {t("managedByPlatform")}
        </Text>
      )}
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={t("label")}
            description={t("labelHint")}
            required
            data-autofocus
            {...form.getInputProps("label")}
          />
          <TextInput
            label={t("issuer")}
            description={t("issuerHint")}
            required
            type="url"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getInputProps("issuer")}
          />
          <TextInput
            label={t("clientId")}
            required
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps("client_id")}
          />
          <PasswordInput
            label={t("clientSecret")}
            description={hasSecret ? t("clientSecretKept") : t("clientSecretHint")}
            required={!hasSecret}
            autoComplete="new-password"
            {...form.getInputProps("client_secret")}
          />
        </SimpleGrid>
        <TagsInput
          mt="sm"
          label={t("domains")}
          description={t("domainsHint")}
          splitChars={[",", " ", ";"]}
          clearable
          {...form.getInputProps("allowed_domains")}
        />
        <TextInput
          mt="sm"
          label={t("tenant")}
          description={t("tenantHint")}
          spellCheck={false}
          {...form.getInputProps("tenant_id")}
        />
        <div style={{ marginTop: "var(--mantine-spacing-md)" }}>
          <Text size="sm" fw={500}>
            {t("redirectUri")}
          </Text>
          <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
            {answer.redirect_uri}
          </Code>
          <Text size="xs" c="dimmed" mt={2}>
            {t("redirectUriHint")}
          </Text>
        </div>
        <Switch mt="md" label={t("enabled")} {...form.getInputProps("enabled", { type: "checkbox" })} />
        <Switch
          mt="sm"
          label={t("passwordSignIn")}
          description={t("passwordSignInHint")}
          {...form.getInputProps("password_sign_in", { type: "checkbox" })}
        />
        {asRoot && (
          <Switch
            mt="sm"
            label={t("directorMayEdit")}
            {...form.getInputProps("director_may_edit", { type: "checkbox" })}
          />
        )}
      </fieldset>
    </FormModal>
  );
}
