import { type AdminSchool, CreateSchoolBody, SchoolDirector, UpdateSchoolBody } from "@convive/domain";
import { DEFAULT_TIME_ZONE } from "@convive/domain/core";
import { Code, Fieldset, Select, SimpleGrid, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { timeZones } from "../../../lib/time-zones.ts";
import { useSaveSchool } from "../api/schools.ts";
import { platformHost, slugFromName } from "../host.ts";

interface Values {
  id: string;
  name: string;
  legal_name: string;
  cct: string;
  address: string;
  phone: string;
  email: string;
  time_zone: string;
  /** Asked only when creating: the school's first Director, invited by e-mail (issue 26 §4). */
  director: { first_name: string; paternal_surname: string; email: string };
}

/** The admin screen always names the first Director: a school nobody can enter would wait on a password by hand. */
const CreateWithDirector = CreateSchoolBody.extend({ director: SchoolDirector });

const valuesOf = (school: AdminSchool | null): Values => ({
  id: school?.id ?? "",
  name: school?.name ?? "",
  legal_name: school?.legal_name ?? "",
  cct: school?.cct ?? "",
  address: school?.address ?? "",
  phone: school?.phone ?? "",
  email: school?.email ?? "",
  time_zone: school?.time_zone ?? DEFAULT_TIME_ZONE,
  director: { first_name: "", paternal_surname: "", email: "" },
});

/** Creates a school (its slug is its subdomain and never changes) or edits one. */
export function SchoolForm({
  school,
  opened,
  onClose,
}: {
  school: AdminSchool | null;
  opened: boolean;
  onClose: () => void;
}) {
  return <SchoolFormModal key={`${school?.id ?? "new"}-${opened}`} school={school} opened={opened} onClose={onClose} />;
}

function SchoolFormModal({
  school,
  opened,
  onClose,
}: {
  school: AdminSchool | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const editing = school !== null;
  const [slugTouched, setSlugTouched] = useState(editing);
  const zones = useMemo(timeZones, []);
  const slugRule = t("schools.slugRule");
  const form = useForm<Values>({
    initialValues: valuesOf(school),
    validate: (values) =>
      editing
        ? schemaErrors(UpdateSchoolBody, { ...values, id: undefined, director: undefined }, t)
        : schemaErrors(CreateWithDirector, values, t, {
            id: { invalid_format: slugRule, too_small: slugRule, too_big: slugRule, custom: t("schools.slugReserved") },
          }),
  });

  const save = useSaveSchool(school?.id ?? null, { form });
  const { i18n } = useTranslation();
  const submit = form.onSubmit(({ director, ...values }) =>
    save.submit(
      {
        ...values,
        id: values.id.trim(),
        // The invitation is written in the language the administrator works in, until the Director has an account.
        ...(editing
          ? {}
          : {
              director: { ...director, maternal_surname: "", language: i18n.resolvedLanguage === "en" ? "en" : "es" },
            }),
      },
      onClose,
    ),
  );

  const slug = form.values.id.trim() || t("schools.slugPlaceholder");
  const setName = (name: string) => {
    form.setFieldValue("name", name);
    if (!slugTouched) form.setFieldValue("id", slugFromName(name));
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={editing ? t("schools.editTitle") : t("schools.createTitle")}
      onSubmit={submit}
      busy={save.busy}
      failure={save.failure}
      submitLabel={editing ? t("common:actions.save") : t("schools.create")}
    >
      <TextInput
        label={t("schools.name")}
        required
        data-autofocus
        {...form.getInputProps("name")}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      {editing ? (
        <div>
          <Text size="sm" fw={500}>
            {t("schools.address")}
          </Text>
          <Code>{`${school.id}.${platformHost()}`}</Code>
          <Text size="xs" c="dimmed" mt={2}>
            {t("schools.slugPermanent")}
          </Text>
        </div>
      ) : (
        <TextInput
          label={t("schools.slug")}
          required
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={63}
          {...form.getInputProps("id")}
          onChange={(e) => {
            setSlugTouched(true);
            form.setFieldValue("id", e.currentTarget.value.toLowerCase().replace(/\s/g, "-"));
          }}
          inputWrapperOrder={["label", "input", "description", "error"]}
          description={
            <>
              {t("schools.slugShortRule")}
              <br />
              {t("schools.addressWillBe")}{" "}
              <Text
                span
                inherit
                ff="monospace"
                fw={600}
                c="var(--mantine-color-text)"
                style={{ overflowWrap: "anywhere" }}
              >
                {`${slug}.${platformHost()}`}
              </Text>
            </>
          }
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput label={t("schools.legalName")} {...form.getInputProps("legal_name")} />
        <TextInput label={t("schools.cct")} description={t("schools.cctHint")} {...form.getInputProps("cct")} />
        <TextInput label={t("schools.phone")} type="tel" inputMode="tel" {...form.getInputProps("phone")} />
        <TextInput label={t("schools.email")} type="email" inputMode="email" {...form.getInputProps("email")} />
      </SimpleGrid>
      <Textarea
        label={t("schools.postalAddress")}
        autosize
        minRows={2}
        maxRows={4}
        {...form.getInputProps("address")}
      />
      <Select
        label={t("schools.timeZone")}
        data={zones}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t("nothingFound")}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps("time_zone")}
      />
      {!editing && (
        <Fieldset legend={t("schools.directorLegend")} variant="filled" radius="md">
          <Text size="sm" c="dimmed" mb="xs">
            {t("schools.directorHint")}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={t("schools.directorFirstName")} required {...form.getInputProps("director.first_name")} />
            <TextInput label={t("schools.directorSurname")} {...form.getInputProps("director.paternal_surname")} />
          </SimpleGrid>
          <TextInput
            mt="sm"
            label={t("schools.directorEmail")}
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            {...form.getInputProps("director.email")}
          />
        </Fieldset>
      )}
    </FormModal>
  );
}
