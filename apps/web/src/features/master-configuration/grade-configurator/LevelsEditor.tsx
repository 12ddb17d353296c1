import { RATING_LIMITS } from "@convive/domain";
import { ActionIcon, Button, Checkbox, ColorInput, Grid, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { LevelValues, ScaleValues } from "./scale-values.ts";

const SWATCHES = ["#2b8a3e", "#1971c2", "#e67700", "#c92a2a", "#6741d9", "#0c8599", "#5c940d", "#868e96"];

/**
 * The levels of a descriptive scale, best first: one bordered row per level (code, names, colour, passes) with
 * buttons to move it up or down and remove it; the same layout wraps on a phone.
 */
export function LevelsEditor({ form }: { form: UseFormReturnType<ScaleValues> }) {
  const { t } = useTranslation("gradeConfig");
  const levels = form.values.definition.levels;
  const path = (i: number, field: keyof LevelValues) => `definition.levels.${i}.${field}`;
  const listError = form.errors["definition.levels"];
  const add = () =>
    form.insertListItem("definition.levels", {
      key: `${Date.now()}-${levels.length}`,
      code: "",
      name_es: "",
      name_en: "",
      colour: SWATCHES[levels.length % SWATCHES.length]!,
      passing: false,
    });

  return (
    <Stack gap="xs" role="group" aria-labelledby="levels-title">
      <div>
        <Text id="levels-title" size="sm" fw={500}>
          {t("scales.levels")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("scales.levelsHint")}
        </Text>
      </div>
      {levels.map((level, i) => {
        const n = i + 1;
        return (
          <Paper key={level.key} withBorder radius="md" p="sm" role="group" aria-label={t("scales.level", { n })}>
            <Group justify="space-between" mb={6} wrap="nowrap">
              <Group gap={8} wrap="nowrap">
                <span
                  aria-hidden
                  style={{ width: 14, height: 14, borderRadius: 4, background: level.colour, flex: "none" }}
                />
                <Text size="sm" fw={600}>
                  {t("scales.level", { n })}
                </Text>
              </Group>
              <Group gap={0} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size="lg"
                  disabled={i === 0}
                  onClick={() => form.reorderListItem("definition.levels", { from: i, to: i - 1 })}
                  aria-label={t("scales.moveUp", { n })}
                >
                  <IconArrowUp size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size="lg"
                  disabled={i === levels.length - 1}
                  onClick={() => form.reorderListItem("definition.levels", { from: i, to: i + 1 })}
                  aria-label={t("scales.moveDown", { n })}
                >
                  <IconArrowDown size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  disabled={levels.length <= RATING_LIMITS.minLevels}
                  onClick={() => form.removeListItem("definition.levels", i)}
                  aria-label={t("scales.removeLevel", { n })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <Grid gap="xs" align="flex-end">
              <Grid.Col span={{ base: 4, sm: 2 }}>
                <TextInput
                  label={t("scales.code")}
                  required
                  maxLength={RATING_LIMITS.codeMax}
                  {...form.getInputProps(path(i, "code"))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 8, sm: 4 }}>
                <TextInput
                  label={t("scales.nameEs")}
                  required
                  maxLength={40}
                  lang="es"
                  {...form.getInputProps(path(i, "name_es"))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <TextInput
                  label={t("scales.nameEn")}
                  maxLength={40}
                  lang="en"
                  {...form.getInputProps(path(i, "name_en"))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 7, sm: 3 }}>
                <ColorInput
                  label={t("scales.colour")}
                  format="hex"
                  swatches={SWATCHES}
                  swatchesPerRow={8}
                  eyeDropperButtonProps={{ "aria-label": t("scales.eyeDropper", { n }) }}
                  {...form.getInputProps(path(i, "colour"))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 5, sm: 12 }}>
                <Checkbox
                  label={t("scales.passes")}
                  {...form.getInputProps(path(i, "passing"), { type: "checkbox" })}
                />
              </Grid.Col>
            </Grid>
          </Paper>
        );
      })}
      {listError && (
        <Text size="sm" c="red.8" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={levels.length >= RATING_LIMITS.maxLevels}
        >
          {t("scales.addLevel")}
        </Button>
      </Group>
    </Stack>
  );
}
