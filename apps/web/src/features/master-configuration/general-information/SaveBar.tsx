import { Button, Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** How many fields are unsaved, with discard and save; it follows the user down the page while something is. */
export function SaveBar({ changed, busy, onDiscard }: { changed: number; busy: boolean; onDiscard: () => void }) {
  const { t } = useTranslation("masterConfiguration");
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      shadow={changed > 0 ? "md" : undefined}
      // Follows the user down the page while something is unsaved.
      style={changed > 0 ? { position: "sticky", bottom: 8, zIndex: 5 } : undefined}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" c={changed > 0 ? undefined : "dimmed"} aria-live="polite">
          {changed > 0 ? t("general.unsaved", { count: changed }) : t("general.upToDate")}
        </Text>
        <Group gap="xs" ml="auto">
          <Button variant="default" onClick={() => onDiscard()} disabled={changed === 0 || busy}>
            {t("general.discard")}
          </Button>
          <Button type="submit" loading={busy} disabled={changed === 0}>
            {t("common:actions.save")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
