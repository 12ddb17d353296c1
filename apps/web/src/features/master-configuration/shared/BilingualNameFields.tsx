import { Grid, NumberInput, type NumberInputProps, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";

/**
 * The Spanish (required) and English names of a catalogue entry (incident categories and types, observation types,
 * rating scales and measures), side by side from `sm` up. Each form gives its own examples as placeholders;
 * `enHint` says under the English field what an empty one means.
 */
export function BilingualNameFields<T extends { name_es: string; name_en: string }>({
  form,
  placeholders,
  maxLength = 120,
  enHint = false,
}: {
  form: UseFormReturnType<T>;
  placeholders: { es: string; en: string };
  maxLength?: number;
  enHint?: boolean;
}) {
  const { t } = useTranslation("incidentsConfig");
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t("names.es")}
          placeholder={placeholders.es}
          required
          maxLength={maxLength}
          data-autofocus
          lang="es"
          {...form.getInputProps("name_es")}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t("names.en")}
          description={enHint ? t("names.enHint") : undefined}
          placeholder={placeholders.en}
          maxLength={maxLength}
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
