import { type ConfigMeasure, type GradeConfig, MeasureBody, type MeasureKind } from "@convive/domain";
import { Grid, Select, Stack, Switch, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { BilingualNameFields } from "../shared/BilingualNameFields.tsx";
import { useLocalName } from "../shared/catalogue.tsx";
import { useSaveMeasure } from "./api.ts";
import { gradeErrors } from "./validation.ts";

interface Values {
  name_es: string;
  name_en: string;
  scale_id: string | null;
  is_active: boolean;
  /** Section id → scale id ("" for the measure's own scale). */
  sections: Record<string, string>;
}

const bodyOf = (kind: MeasureKind, v: Values) => ({
  kind,
  name_es: v.name_es,
  name_en: v.name_en.trim() || null,
  scale_id: v.scale_id ? Number(v.scale_id) : 0,
  is_active: v.is_active,
  sections: Object.entries(v.sections)
    .filter(([, scale]) => scale !== "")
    .map(([section, scale]) => ({ section_id: Number(section), scale_id: Number(scale) })),
});

/**
 * The conduct or a habit: names, the scale it is rated on, and the sections (niveles) that rate it on another
 * scale. Only active scales are offered, plus the ones the measure already uses.
 */
export function MeasureForm({
  kind,
  measure,
  config,
  onClose,
}: {
  kind: MeasureKind;
  measure: ConfigMeasure | null;
  config: GradeConfig;
  onClose: () => void;
}) {
  const { t } = useTranslation(["gradeConfig", "incidentsConfig"]);
  const localName = useLocalName();
  const sectionsLabel = useId();
  const used = new Set([measure?.scale_id, ...(measure?.sections.map((s) => s.scale_id) ?? [])]);
  const choices = config.scales
    .filter((s) => s.is_active || used.has(s.id))
    .map((s) => ({ value: String(s.id), label: localName(s) }));
  const form = useForm<Values>({
    initialValues: {
      // The conduct is usually just that; a habit is named by the school.
      name_es: measure?.name_es ?? (kind === "conduct" ? "Conducta" : ""),
      name_en: measure?.name_en ?? (kind === "conduct" ? "Conduct" : ""),
      scale_id: measure ? String(measure.scale_id) : (choices[0]?.value ?? null),
      is_active: measure?.is_active ?? true,
      sections: Object.fromEntries(
        config.sections.map((s) => [
          String(s.id),
          String(measure?.sections.find((o) => o.section_id === s.id)?.scale_id ?? ""),
        ]),
      ),
    },
    validate: (v) => gradeErrors(MeasureBody, bodyOf(kind, v), t),
  });
  const save = useSaveMeasure(measure?.id ?? null, { form });
  const submit = form.onSubmit((v) => save.submit(bodyOf(kind, v), onClose));
  const title = measure
    ? t("measures.editTitle", { name: localName(measure) })
    : t(kind === "conduct" ? "measures.createConductTitle" : "measures.createHabitTitle");

  return (
    <FormModal opened onClose={onClose} title={title} onSubmit={submit} save={save}>
      <BilingualNameFields
        form={form}
        placeholders={{ es: t("measures.placeholderEs"), en: t("measures.placeholderEn") }}
        maxLength={80}
      />
      <Select
        label={t("measures.scale")}
        description={t("measures.scaleHint")}
        required
        allowDeselect={false}
        data={choices}
        {...form.getInputProps("scale_id")}
      />
      {config.sections.length > 0 && (
        <Stack gap={6} role="group" aria-labelledby={sectionsLabel}>
          <div>
            <Text id={sectionsLabel} size="sm" fw={500}>
              {t("measures.sections")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("measures.sectionsHint")}
            </Text>
          </div>
          <Grid gap="xs">
            {config.sections.map((section) => (
              <Grid.Col key={section.id} span={{ base: 12, sm: 6 }}>
                <Select
                  label={localName(section)}
                  aria-label={t("measures.sectionScale", { section: localName(section) })}
                  allowDeselect={false}
                  data={[{ value: "", label: t("measures.sameScale") }, ...choices]}
                  {...form.getInputProps(`sections.${section.id}`)}
                />
              </Grid.Col>
            ))}
          </Grid>
        </Stack>
      )}
      <Switch label={t("incidentsConfig:status.active")} {...form.getInputProps("is_active", { type: "checkbox" })} />
    </FormModal>
  );
}
