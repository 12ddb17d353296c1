import type { Classification } from "@convive/domain/core";
import { Badge, Box } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * Severity colours: yellow for minor, orange for serious, red for very serious. The tint carries the colour and the
 * text stays dark, so the label reads at AA contrast on every tint.
 */
export const CLASSIFICATION_COLORS: Record<Classification, { tint: string; dot: string }> = {
  minor: { tint: "yellow", dot: "yellow.6" },
  serious: { tint: "orange", dot: "orange.6" },
  "very-serious": { tint: "red", dot: "red.7" },
};

export function ClassificationDot({ value }: { value: Classification }) {
  return (
    <Box w={10} h={10} bg={CLASSIFICATION_COLORS[value].dot} style={{ borderRadius: 10, flex: "none" }} aria-hidden />
  );
}

export function ClassificationBadge({ value }: { value: Classification }) {
  const { t } = useTranslation("incidents");
  return (
    <Badge
      variant="light"
      color={CLASSIFICATION_COLORS[value].tint}
      c="dark.8"
      radius="sm"
      leftSection={<ClassificationDot value={value} />}
      tt="none"
    >
      {t(`classification.${value}`)}
    </Badge>
  );
}
