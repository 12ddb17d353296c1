import { bestTextOn, type ContrastWarning } from "@convive/domain/core";
import { Box, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { sidebarPalette } from "../../../app/layout/contrast.ts";

type Colors = readonly [string, string, string, string];

/**
 * A small copy of what the four colours paint (spec §3): the navigation bar with an active title and a hovered
 * item, and a button — with the text colours the app itself will choose, so it shows what users will see.
 */
export function ColorPreview({ colors }: { colors: Colors }) {
  const { t } = useTranslation("masterConfiguration");
  const p = sidebarPalette(colors);
  const buttonText = bestTextOn(colors[1]);
  const item = { px: 10, py: 6, style: { borderRadius: 6 } } as const;
  return (
    <Stack gap="xs" aria-label={t("colors.preview")} role="img">
      <Box p="sm" style={{ background: p.background, color: p.text, borderRadius: 12 }}>
        <Text size="xs" fw={700} tt="uppercase" mb={6} style={{ letterSpacing: 0.4, opacity: 0.85 }}>
          {t("colors.previewNav")}
        </Text>
        <Stack gap={4}>
          <Box {...item}>
            <Text size="sm">{t("colors.previewItem")}</Text>
          </Box>
          <Box {...item} style={{ ...item.style, background: p.activeBackground, color: p.activeText }}>
            <Text size="sm" fw={700}>
              {t("colors.previewActive")}
            </Text>
          </Box>
          <Box
            {...item}
            style={{
              ...item.style,
              color: p.hoverText,
              background: p.text === "#ffffff" ? "rgba(255,255,255,0.08)" : "rgba(0,0,0,0.06)",
            }}
          >
            <Text size="sm">{t("colors.previewHover")}</Text>
          </Box>
        </Stack>
      </Box>
      <Group gap="sm" p="sm" style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 12 }}>
        <Box px="md" py={8} style={{ background: colors[1], color: buttonText, borderRadius: 8 }}>
          <Text size="sm" fw={600}>
            {t("colors.previewButton")}
          </Text>
        </Box>
        <Text size="xs" c="dimmed">
          {t("colors.previewButtonHint")}
        </Text>
      </Group>
    </Stack>
  );
}

/** The colour pairs below WCAG AA, in words; or a short "all readable". */
export function ContrastList({ warnings }: { warnings: readonly ContrastWarning[] }) {
  const { t } = useTranslation("masterConfiguration");
  if (warnings.length === 0) {
    return (
      <Group gap={6} wrap="nowrap">
        <ThemeIcon size={20} radius="xl" color="teal.7" variant="light" aria-hidden>
          <IconCircleCheck size={14} />
        </ThemeIcon>
        <Text size="sm">{t("colors.allReadable")}</Text>
      </Group>
    );
  }
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
      {warnings.map((w) => (
        <Group component="li" key={w.pair} gap={8} wrap="nowrap" align="flex-start">
          <IconAlertTriangle
            size={18}
            aria-hidden
            style={{ flex: "none", marginTop: 1, color: "var(--mantine-color-orange-9)" }}
          />
          <Text size="sm">{t(`colors.warning.${w.pair}`, { ratio: w.ratio.toFixed(2), minimum: w.minimum })}</Text>
        </Group>
      ))}
    </Stack>
  );
}
