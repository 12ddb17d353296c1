import { type AdminUser, CreateAdminUserBody, UpdateAdminUserBody } from "@convive/domain";
import { localName } from "@convive/domain/core";
import { Alert, Button, Group, Input, SegmentedControl, Select, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useAdminSchools, useSchoolProfiles } from "../api/schools.ts";
import { useSaveUser } from "../api/users.ts";

interface Values {
  first_name: string;
  paternal_surname: string;
  maternal_surname: string;
  email: string;
  cell_phone: string;
  language: "es" | "en";
  root: boolean;
  school_id: string | null;
  profile_id: string | null;
}

interface Props {
  user: AdminUser | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Creates a user (optionally in a school with a profile), who is e-mailed an invitation to choose a password
 * (issue 26 §4: no password is handed over); or edits one.
 */
export function UserForm(props: Props) {
  return <UserFormModal key={`${props.user?.id ?? "new"}-${props.opened}`} {...props} />;
}

function UserFormModal({ user, opened, onClose }: Props) {
  const { t, i18n } = useTranslation("admin");
  const editing = user !== null;
  const [created, setCreated] = useState<AdminUser | null>(null);

  const form = useForm<Values>({
    initialValues: {
      first_name: user?.first_name ?? "",
      paternal_surname: user?.paternal_surname ?? "",
      maternal_surname: user?.maternal_surname ?? "",
      email: user?.email ?? "",
      cell_phone: user?.cell_phone ?? "",
      language: (user?.language as "es" | "en") ?? "es",
      root: false,
      school_id: null,
      profile_id: null,
    },
    validate: (values) =>
      editing
        ? schemaErrors(UpdateAdminUserBody, editBody(values), t)
        : schemaErrors(CreateAdminUserBody, createBody(values), t),
  });
  const schools = useAdminSchools();
  const profiles = useSchoolProfiles(form.values.root ? null : form.values.school_id);

  const save = useSaveUser(user?.id ?? null, { form });
  const submit = form.onSubmit((values) =>
    save.submit(editing ? editBody(values) : createBody(values), (result) => {
      if (result.invitation_sent) setCreated(result.user);
      else onClose();
    }),
  );

  const title = created ? t("users.createdTitle") : editing ? t("users.editTitle") : t("users.createTitle");
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={title}
      closeOnClickOutside={!created}
      onSubmit={created ? undefined : submit}
      busy={save.busy}
      failure={save.failure}
      submitLabel={editing ? t("common:actions.save") : t("users.create")}
    >
      {created ? (
        <>
          <Alert color="teal" role="status" title={t("users.invitationSentTitle")}>
            {t("users.invitationSent", {
              name: `${created.first_name} ${created.paternal_surname}`.trim(),
              email: created.email,
            })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t("users.done")}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={t("users.firstName")} required data-autofocus {...form.getInputProps("first_name")} />
            <TextInput label={t("users.paternalSurname")} {...form.getInputProps("paternal_surname")} />
            <TextInput label={t("users.maternalSurname")} {...form.getInputProps("maternal_surname")} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              label={t("users.email")}
              type="email"
              inputMode="email"
              autoCapitalize="none"
              required
              {...form.getInputProps("email")}
            />
            <TextInput label={t("users.cellPhone")} type="tel" inputMode="tel" {...form.getInputProps("cell_phone")} />
          </SimpleGrid>
          {!editing && (
            <>
              <Input.Wrapper
                label={t("users.language")}
                labelElement="div"
                labelProps={{ id: "new-user-language", style: { display: "block" } }}
              >
                <SegmentedControl
                  aria-labelledby="new-user-language"
                  data={[
                    { value: "es", label: t("common:language.esLong") },
                    { value: "en", label: t("common:language.enLong") },
                  ]}
                  {...form.getInputProps("language")}
                />
              </Input.Wrapper>
              <Switch
                label={t("users.root")}
                description={t("users.rootHint")}
                {...form.getInputProps("root", { type: "checkbox" })}
              />
              {!form.values.root && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                  <Select
                    label={t("users.school")}
                    description={t("users.schoolHint")}
                    placeholder={t("users.noSchool")}
                    data={(schools.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                    searchable
                    clearable
                    nothingFoundMessage={t("nothingFound")}
                    {...form.getInputProps("school_id")}
                    onChange={(v) => {
                      form.setFieldValue("school_id", v);
                      form.setFieldValue("profile_id", null);
                    }}
                  />
                  <Select
                    label={t("users.profile")}
                    description={t("users.profileHint")}
                    data={(profiles.data ?? []).map((p) => ({
                      value: String(p.id),
                      label: localName(p, i18n.resolvedLanguage ?? "es"),
                    }))}
                    disabled={!form.values.school_id}
                    required={Boolean(form.values.school_id)}
                    {...form.getInputProps("profile_id")}
                  />
                </SimpleGrid>
              )}
            </>
          )}
        </>
      )}
    </FormModal>
  );
}

const editBody = (v: Values) => ({
  first_name: v.first_name,
  paternal_surname: v.paternal_surname,
  maternal_surname: v.maternal_surname,
  email: v.email,
  cell_phone: v.cell_phone,
});

const createBody = (v: Values) => ({
  ...editBody(v),
  language: v.language,
  root: v.root ? (1 as const) : (0 as const),
  ...(!v.root && v.school_id
    ? { school_id: v.school_id, profile_id: v.profile_id ? Number(v.profile_id) : undefined }
    : {}),
});
