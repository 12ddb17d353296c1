import { type ConfigScale, SCALE_KINDS, ScaleBody, type ScaleDefinition } from "@convive/domain";
import { Alert, Grid, NumberInput, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { randomId } from "@mantine/hooks";
import { IconInfoCircle } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { BilingualNameFields } from "../shared/BilingualNameFields.tsx";
import { useLocalName } from "../shared/catalogue.tsx";
import { useSaveScale } from "./api.ts";
import { LevelsEditor } from "./LevelsEditor.tsx";
import type { LevelValues, ScaleValues } from "./scale-values.ts";
import { gradeErrors } from "./validation.ts";

const num = (v: number | string) => (v === "" ? Number.NaN : Number(v));
const PALETTE = ["#2b8a3e", "#1971c2", "#e67700", "#c92a2a", "#6741d9", "#0c8599", "#5c940d", "#868e96"];

export const newLevel = (i: number): LevelValues => ({
  key: randomId(),
  code: "",
  name_es: "",
  name_en: "",
  colour: PALETTE[i % PALETTE.length]!,
  passing: true,
});

function initial(scale: ConfigScale | null): ScaleValues {
  const d = scale?.definition;
  return {
    name_es: scale?.name_es ?? "",
    name_en: scale?.name_en ?? "",
    definition: {
      kind: d?.kind ?? "numeric",
      min: d?.kind === "numeric" ? d.min : 5,
      max: d?.kind === "numeric" ? d.max : 10,
      step: d?.kind === "numeric" ? String(d.step) : "1",
      passing: d?.kind === "numeric" ? d.passing : 6,
      levels:
        d?.kind === "levels"
          ? d.levels.map((l) => ({ ...l, key: randomId(), name_en: l.name_en ?? "" }))
          : [newLevel(0), newLevel(1), { ...newLevel(2), passing: false }],
    },
  };
}

export function bodyOf(v: ScaleValues) {
  const d = v.definition;
  const definition: ScaleDefinition =
    d.kind === "numeric"
      ? { kind: "numeric", min: num(d.min), max: num(d.max), step: Number(d.step), passing: num(d.passing) }
      : {
          kind: "levels",
          levels: d.levels.map(({ key: _key, ...l }) => ({ ...l, name_en: l.name_en.trim() || null })),
        };
  return { name_es: v.name_es, name_en: v.name_en.trim() || null, definition };
}

/**
 * A scale: its names and its definition — numeric (min, max, step, passing mark) or levels (code, names, colour,
 * passing, best first). Its kind is chosen once. Editing a rated scale says that the change becomes a new version.
 */
export function ScaleForm({ scale, onClose }: { scale: ConfigScale | null; onClose: () => void }) {
  const { t } = useTranslation("gradeConfig");
  const localName = useLocalName();
  const kindLabel = useId();
  const form = useForm<ScaleValues>({
    initialValues: initial(scale),
    validate: (v) => gradeErrors(ScaleBody, bodyOf(v), t),
  });
  const save = useSaveScale(scale?.id ?? null, { form });
  const submit = form.onSubmit((v) => save.submit(bodyOf(v), onClose));
  const kind = form.values.definition.kind;

  return (
    <FormModal
      opened
      onClose={onClose}
      size="xl"
      title={scale ? t("scales.editTitle", { name: localName(scale) }) : t("scales.createTitle")}
      onSubmit={submit}
      save={save}
    >
      {scale && scale.current_ratings > 0 && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("scales.versionNotice", { version: scale.version, next: scale.version + 1 })}
        </Alert>
      )}
      <BilingualNameFields
        form={form}
        placeholders={{ es: t("scales.placeholderEs"), en: t("scales.placeholderEn") }}
        maxLength={80}
      />
      <Stack gap={4} role="group" aria-labelledby={kindLabel}>
        <Text id={kindLabel} size="sm" fw={500}>
          {t("scales.kind")}
        </Text>
        {scale && (
          <Text size="xs" c="dimmed">
            {t("scales.kindFixed")}
          </Text>
        )}
        <SegmentedControl
          fullWidth
          disabled={scale !== null}
          data={SCALE_KINDS.map((k) => ({ value: k, label: t(`scales.kinds.${k}`) }))}
          {...form.getInputProps("definition.kind")}
        />
      </Stack>
      {kind === "numeric" ? (
        <Grid gap="sm">
          {(["min", "max"] as const).map((field) => (
            <Grid.Col key={field} span={{ base: 6, sm: 3 }}>
              <NumberInput
                label={t(`scales.${field}`)}
                required
                min={0}
                max={100}
                decimalScale={1}
                {...form.getInputProps(`definition.${field}`)}
              />
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Select
              label={t("scales.step")}
              required
              allowDeselect={false}
              data={["1", "0.5", "0.1"]}
              {...form.getInputProps("definition.step")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label={t("scales.passing")}
              required
              min={0}
              max={100}
              decimalScale={1}
              {...form.getInputProps("definition.passing")}
            />
          </Grid.Col>
        </Grid>
      ) : (
        <LevelsEditor form={form} />
      )}
    </FormModal>
  );
}
