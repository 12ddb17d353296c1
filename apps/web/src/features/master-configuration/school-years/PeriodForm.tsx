import { CreatePeriodBody } from "@convive/domain";
import { englishPeriodName, localName } from "@convive/domain/core";
import { SimpleGrid, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import type { Period, SchoolYear } from "../shared/api.ts";
import { EnglishNameField, spanishNameProps } from "../shared/EnglishNameField.tsx";
import { formatRange, nextDay } from "../shared/format.ts";
import { useSavePeriod } from "./api.ts";
import { DateField } from "./DateField.tsx";

interface Values {
  name: string;
  name_en: string;
  starts_on: string;
  ends_on: string;
}

/** A new period starts the day after the year's last one (or with the year). */
function suggestion(year: SchoolYear): Values {
  const last = [...year.periods].sort((a, b) => b.ends_on.localeCompare(a.ends_on))[0];
  const start = last ? nextDay(last.ends_on) : year.starts_on;
  return { name: "", name_en: "", starts_on: start <= year.ends_on ? start : "", ends_on: "" };
}

/** A period (bimestre, trimestre) inside its school year, never overlapping another. */
export function PeriodForm({
  year,
  period,
  opened,
  onClose,
}: {
  year: SchoolYear;
  /** null to create. */
  period: Period | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const editing = period !== null;
  const form = useForm<Values>({
    initialValues: period
      ? { name: period.name, name_en: period.name_en ?? "", starts_on: period.starts_on, ends_on: period.ends_on }
      : suggestion(year),
    validate: (values) => {
      const errors = schemaErrors(CreatePeriodBody, values, t);
      if (!errors.ends_on && values.starts_on && values.ends_on && values.ends_on <= values.starts_on) {
        errors.ends_on = t("dates.endAfterStart");
      }
      return errors;
    },
  });
  const save = useSavePeriod(year.id, editing ? period.id : null, { form });

  const submit = form.onSubmit((values) => save.submit(values, onClose));

  const lang = i18n.resolvedLanguage ?? "es";
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={
        editing
          ? t("periods.editTitle", { name: localName(period, lang) })
          : t("periods.createTitle", { year: year.name })
      }
      onSubmit={submit}
      save={save}
    >
      <Text size="sm" c="dimmed">
        {t("periods.within", { range: formatRange(year.starts_on, year.ends_on, lang) })}
      </Text>
      <TextInput
        label={t("periods.name")}
        placeholder={t("periods.namePlaceholder")}
        required
        maxLength={50}
        data-autofocus
        {...spanishNameProps(form, englishPeriodName)}
      />
      <EnglishNameField placeholder="Bimester 1" maxLength={50} {...form.getInputProps("name_en")} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateField
          label={t("periods.startsOn")}
          required
          {...form.getInputProps("starts_on")}
          value={form.values.starts_on || null}
          onChange={(v) => form.setFieldValue("starts_on", v ?? "")}
          minDate={year.starts_on}
          maxDate={form.values.ends_on || year.ends_on}
          defaultDate={form.values.starts_on || year.starts_on}
        />
        <DateField
          label={t("periods.endsOn")}
          required
          {...form.getInputProps("ends_on")}
          value={form.values.ends_on || null}
          onChange={(v) => form.setFieldValue("ends_on", v ?? "")}
          minDate={form.values.starts_on || year.starts_on}
          maxDate={year.ends_on}
          defaultDate={form.values.starts_on || year.starts_on}
        />
      </SimpleGrid>
    </FormModal>
  );
}
