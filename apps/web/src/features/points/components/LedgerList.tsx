import type { PointEntry, PointSource } from "@convive/domain";
import { localizedName } from "@convive/domain/core";
import { ActionIcon, Badge, Card, Group, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconAward, IconGift, IconMessage2, IconTrash } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { pointsColour, signed } from "./format.ts";

const SOURCE_ICON: Record<PointSource, { Icon: ComponentType<{ size?: number }>; color: string }> = {
  observation: { Icon: IconMessage2, color: "blue" },
  incident: { Icon: IconAlertTriangle, color: "orange" },
  award: { Icon: IconAward, color: "teal" },
  redemption: { Icon: IconGift, color: "grape" },
};

/**
 * A student's ledger, newest first: each entry with its source (icon and words), reason, points, who and when.
 * Staff see which entries families are not shown; the author (or the Director) may remove an award.
 */
export function LedgerList({
  entries,
  family,
  onRemove,
}: {
  entries: PointEntry[];
  family: boolean;
  onRemove: (entry: PointEntry) => void;
}) {
  const { t } = useTranslation("points");
  const dates = useDates();
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }} aria-label={t("ledger.label")}>
      {entries.map((e) => {
        const { Icon, color } = SOURCE_ICON[e.source];
        const reason = localizedName(e.reason, dates.lang);
        const meta = [
          t(`sources.${e.source}`),
          ...(e.folio !== null ? [t("ledger.folio", { folio: e.folio })] : []),
          dates.day(e.on),
          t("ledger.by", { name: e.by.name }),
        ].join(" · ");
        return (
          <Card
            key={`${e.source}-${e.id}`}
            component="li"
            withBorder
            radius="md"
            padding="sm"
            data-testid="points-entry"
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" color={color} radius="xl" size="lg" aria-hidden>
                <Icon size={18} />
              </ThemeIcon>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={700} size="sm" style={{ overflowWrap: "anywhere" }}>
                  {reason}
                </Text>
                <Text size="xs" c="gray.7">
                  {meta}
                </Text>
                {!family && !e.visible_to_family && (
                  <Badge size="sm" variant="light" color="gray" c="gray.8" w="fit-content">
                    {t("ledger.staffOnly")}
                  </Badge>
                )}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Badge size="lg" variant="light" {...pointsColour(e.points)}>
                  {signed(e.points)}
                </Badge>
                {e.can_delete && (
                  <Tooltip label={t("ledger.remove")}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t("ledger.removeLabel", { reason, day: dates.day(e.on) })}
                      onClick={() => onRemove(e)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
