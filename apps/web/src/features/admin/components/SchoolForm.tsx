import { type AdminSchool, CreateSchoolBody, UpdateSchoolBody } from "@convive/domain";
import { DEFAULT_TIME_ZONE } from "@convive/domain/core";
import { Alert, Button, Code, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { toast } from "../../../lib/toast.ts";
import { createSchool, schoolsKey, updateSchool } from "../api/schools.ts";
import { platformHost, slugFromName, timeZones } from "../host.ts";
import { FormModal } from "./FormModal.tsx";

interface Values {
  id: string;
  name: string;
  legal_name: string;
  cct: string;
  address: string;
  phone: string;
  email: string;
  time_zone: string;
}

const valuesOf = (school: AdminSchool | null): Values => ({
  id: school?.id ?? "",
  name: school?.name ?? "",
  legal_name: school?.legal_name ?? "",
  cct: school?.cct ?? "",
  address: school?.address ?? "",
  phone: school?.phone ?? "",
  email: school?.email ?? "",
  time_zone: school?.time_zone ?? DEFAULT_TIME_ZONE,
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
  const queryClient = useQueryClient();
  const editing = school !== null;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [slugTouched, setSlugTouched] = useState(editing);
  const zones = useMemo(timeZones, []);
  const slugRule = t("schools.slugRule");
  const form = useForm<Values>({
    initialValues: valuesOf(school),
    validate: (values) =>
      editing
        ? schemaErrors(UpdateSchoolBody, { ...values, id: undefined }, t)
        : schemaErrors(CreateSchoolBody, values, t, {
            id: { invalid_format: slugRule, too_small: slugRule, too_big: slugRule, custom: t("schools.slugReserved") },
          }),
  });

  const submit = form.onSubmit(async ({ id, ...fields }) => {
    setBusy(true);
    setFailure(null);
    try {
      if (editing) await updateSchool(school.id, fields);
      else await createSchool({ id: id.trim(), ...fields });
      await queryClient.invalidateQueries({ queryKey: schoolsKey });
      toast("success", t("common:messages.saved"));
      onClose();
    } catch (error) {
      toast("error", t("common:messages.saveFailed"));
      if (error instanceof ApiError && error.errors) {
        const taken = error.code === "CONFLICT" && error.errors.id;
        form.setErrors(taken ? { ...error.errors, id: t("schools.slugTaken") } : error.errors);
      } else setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  });

  const slug = form.values.id.trim() || t("schools.slugPlaceholder");
  const setName = (name: string) => {
    form.setFieldValue("name", name);
    if (!slugTouched) form.setFieldValue("id", slugFromName(name));
  };

  return (
    <FormModal opened={opened} onClose={onClose} title={editing ? t("schools.editTitle") : t("schools.createTitle")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
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
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? t("common:actions.save") : t("schools.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
