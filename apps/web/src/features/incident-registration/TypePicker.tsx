import type { IncidentCategory } from "@convive/domain";
import { localizedName } from "@convive/domain/core";
import { Chip, Group, Radio, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ClassificationBadge } from "./Bits.tsx";

/**
 * Category, then one of its active types as a card with its classification and points (the classification
 * comes from the type and is not chosen separately). A single category is chosen by itself.
 */
export function TypePicker({
  categories,
  categoryId,
  typeId,
  onCategory,
  onType,
  error,
}: {
  categories: IncidentCategory[];
  categoryId: string | null;
  typeId: string | null;
  onCategory: (id: string) => void;
  onType: (id: string) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation("registration");
  const lang = i18n.resolvedLanguage ?? "es";
  const category =
    categories.find((c) => String(c.id) === categoryId) ?? (categories.length === 1 ? categories[0]! : null);

  return (
    <Stack gap="sm">
      {categories.length > 1 && (
        <div role="radiogroup" aria-labelledby="registration-category-label">
          <Text size="sm" fw={500} id="registration-category-label" mb={6}>
            {t("type.category")}
          </Text>
          <Chip.Group multiple={false} value={categoryId} onChange={(v) => onCategory(v as string)}>
            <Group gap={6}>
              {categories.map((c) => (
                <Chip
                  key={c.id}
                  value={String(c.id)}
                  size="md"
                  variant="outline"
                  wrapperProps={{ "data-category": c.id }}
                >
                  {localizedName(c, lang)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
      )}
      {category && (
        <Radio.Group
          label={t("type.type")}
          value={typeId}
          onChange={onType}
          error={error}
          withAsterisk
          name="incident-type"
          data-path="type_id"
        >
          <Stack gap={6} mt={6}>
            {category.types.map((type) => (
              <Radio.Card key={type.id} value={String(type.id)} radius="md" p="sm" withBorder data-type={type.id}>
                <Group wrap="nowrap" gap="sm" align="flex-start">
                  <Radio.Indicator mt={2} />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} lh={1.3} style={{ overflowWrap: "anywhere" }}>
                      {localizedName(type, lang)}
                    </Text>
                    <Group gap={6} mt={4}>
                      <ClassificationBadge value={type.classification} />
                      {type.default_points > 0 && (
                        <Text size="xs" c="gray.7">
                          {t("type.points", { count: type.default_points })}
                        </Text>
                      )}
                      {type.notify_family && (
                        <Text size="xs" c="gray.7">
                          {t("type.toldToFamilies")}
                        </Text>
                      )}
                    </Group>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      {!category && error && (
        <Text size="sm" c="red.8" role="alert" data-path="type_id" tabIndex={-1}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
