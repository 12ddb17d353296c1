import { contrastWarnings, DEFAULT_INSTITUTIONAL_COLORS, type SchoolInfo } from "@convive/domain";
import { Button, ColorInput, Grid, Paper, SimpleGrid, Text } from "@mantine/core";
import { IconRestore } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Card } from "../shared/Card.tsx";
import { ColorPreview, ContrastList } from "./ColorPreview.tsx";
import { COLOR_FIELDS, type SchoolInfoFormType } from "./school-info-values.ts";

/** The four institutional colours with a live preview and the contrast warnings of what is typed or saved. */
export function ColorsCard({
  form,
  info,
  editable,
}: {
  form: SchoolInfoFormType;
  info: SchoolInfo;
  editable: boolean;
}) {
  const { t } = useTranslation("masterConfiguration");
  const colors = COLOR_FIELDS.map((f) => form.values[f]) as unknown as readonly [string, string, string, string];
  const colorsValid = colors.every((c) => /^#[0-9a-f]{6}$/i.test(c));
  const colorsDirty = COLOR_FIELDS.some((f) => form.isDirty(f));
  const live = colorsValid ? contrastWarnings(colors) : [];
  const resetColors = () => {
    for (const [i, field] of COLOR_FIELDS.entries())
      form.setFieldValue(field, DEFAULT_INSTITUTIONAL_COLORS[i] as string);
  };

  return (
    <Card
      title={t("colors.title")}
      description={t("colors.description")}
      actions={
        editable && (
          <Button variant="subtle" size="xs" leftSection={<IconRestore size={14} aria-hidden />} onClick={resetColors}>
            {t("colors.reset")}
          </Button>
        )
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            {COLOR_FIELDS.map((field, i) => (
              <ColorInput
                key={field}
                label={t(`colors.color${i + 1}`)}
                description={t(`colors.color${i + 1}Hint`)}
                format="hex"
                required
                withEyeDropper={false}
                swatches={[...DEFAULT_INSTITUTIONAL_COLORS]}
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <ColorPreview
            colors={colorsValid ? colors : (COLOR_FIELDS.map((f) => info[f]) as unknown as typeof colors)}
          />
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" aria-live="polite">
        <Text size="sm" fw={600} mb={6}>
          {colorsDirty ? t("colors.liveTitle") : t("colors.savedTitle")}
        </Text>
        <ContrastList warnings={colorsDirty ? live : info.contrast_warnings} />
      </Paper>
    </Card>
  );
}
