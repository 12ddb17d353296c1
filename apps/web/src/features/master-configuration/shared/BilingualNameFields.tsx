import { Grid, NumberInput, type NumberInputProps, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";

/**
 * The Spanish (required) and English names of a configurator entry, side by side from `sm` up; the placeholders
 * come from the entry's section in incidentsConfig.
 */
export function BilingualNameFields<T extends { name_es: string; name_en: string }>({
  form,
  keys,
}: {
  form: UseFormReturnType<T>;
  keys: "types" | "observations";
}) {
  const { t } = useTranslation("incidentsConfig");
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t("names.es")}
          placeholder={t(`${keys}.placeholderEs`)}
          required
          maxLength={120}
          data-autofocus
          lang="es"
          {...form.getInputProps("name_es")}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t("names.en")}
          placeholder={t(`${keys}.placeholderEn`)}
          maxLength={120}
          lang="en"
          {...form.getInputProps("name_en")}
        />
      </Grid.Col>
    </Grid>
  );
}

/** The default points of an entry (0–100, whole), in a narrow box; the hint above keeps the form's width. */
export function PointsField({ keys, ...input }: { keys: "types" | "observations" } & NumberInputProps) {
  const { t } = useTranslation("incidentsConfig");
  return (
    <NumberInput
      label={t(`${keys}.points`)}
      description={t(`${keys}.pointsHint`)}
      min={0}
      max={100}
      allowDecimal={false}
      allowNegative={false}
      styles={{ wrapper: { maxWidth: 200 } }}
      {...input}
    />
  );
}
