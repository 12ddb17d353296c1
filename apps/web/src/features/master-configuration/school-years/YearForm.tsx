import { CreateSchoolYearBody } from "@convive/domain";
import { Checkbox, SimpleGrid, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import type { SchoolYear } from "../shared/api.ts";
import { nextDay } from "../shared/format.ts";
import { useSaveYear } from "./api.ts";
import { DateField } from "./DateField.tsx";

interface Values {
  name: string;
  starts_on: string;
  ends_on: string;
  is_current: boolean;
}

/** A new year starts, by default, the day after the newest one ends. */
function suggestion(years: SchoolYear[]): Values {
  const last = [...years].sort((a, b) => b.ends_on.localeCompare(a.ends_on))[0];
  return { name: "", starts_on: last ? nextDay(last.ends_on) : "", ends_on: "", is_current: false };
}

/** "2026-2027" from the two dates, the way Mexican schools name a ciclo escolar. */
const nameFrom = (start: string, end: string) => (start && end ? `${start.slice(0, 4)}-${end.slice(0, 4)}` : "");

export function YearForm({
  year,
  years,
  opened,
  onClose,
}: {
  /** null to create. */
  year: SchoolYear | null;
  years: SchoolYear[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("masterConfiguration");
  const editing = year !== null;
  const first = years.length === 0;
  const [nameTouched, setNameTouched] = useState(editing);
  const form = useForm<Values>({
    initialValues: year
      ? { name: year.name, starts_on: year.starts_on, ends_on: year.ends_on, is_current: year.is_current }
      : suggestion(years),
    validate: (values) => {
      const errors = schemaErrors(CreateSchoolYearBody, values, t);
      if (!errors.ends_on && values.starts_on && values.ends_on && values.ends_on <= values.starts_on) {
        errors.ends_on = t("dates.endAfterStart");
      }
      return errors;
    },
  });
  const save = useSaveYear(editing ? year.id : null, { form });

  const setDate = (field: "starts_on" | "ends_on", value: string | null) => {
    form.setFieldValue(field, value ?? "");
    const next = { ...form.getValues(), [field]: value ?? "" };
    if (!nameTouched) form.setFieldValue("name", nameFrom(next.starts_on, next.ends_on));
  };

  const submit = form.onSubmit((values) =>
    save.submit(
      {
        name: values.name,
        starts_on: values.starts_on,
        ends_on: values.ends_on,
        is_current: values.is_current || undefined,
      },
      onClose,
    ),
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t("years.editTitle", { name: year.name }) : t("years.createTitle")}
      onSubmit={submit}
      save={save}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateField
          label={t("years.startsOn")}
          required
          data-autofocus
          {...form.getInputProps("starts_on")}
          value={form.values.starts_on || null}
          onChange={(v) => setDate("starts_on", v)}
          maxDate={form.values.ends_on || undefined}
        />
        <DateField
          label={t("years.endsOn")}
          required
          {...form.getInputProps("ends_on")}
          value={form.values.ends_on || null}
          onChange={(v) => setDate("ends_on", v)}
          minDate={form.values.starts_on || undefined}
          defaultDate={form.values.starts_on || undefined}
        />
      </SimpleGrid>
      <TextInput
        label={t("years.name")}
        description={t("years.nameHint")}
        required
        maxLength={50}
        {...form.getInputProps("name")}
        onChange={(e) => {
          setNameTouched(true);
          form.setFieldValue("name", e.currentTarget.value);
        }}
      />
      {!editing &&
        (first ? (
          <Text size="sm" c="dimmed">
            {t("years.firstIsCurrent")}
          </Text>
        ) : (
          <Checkbox
            label={t("years.makeCurrent")}
            description={t("years.makeCurrentHint")}
            {...form.getInputProps("is_current", { type: "checkbox" })}
          />
        ))}
    </FormModal>
  );
}
