import type { HandoverItem } from "@convive/domain";
import { Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";

/** An item's title, then what else identifies it: the student or specialist, the incident's folio, its date. */
export function ItemText({ item, extra }: { item: HandoverItem; extra?: ReactNode }) {
  const { t } = useTranslation("userReassignment");
  const dates = useDates();
  const when = item.when
    ? /^\d{4}-\d{2}-\d{2}$/.test(item.when)
      ? dates.day(item.when)
      : dates.dateTime(item.when)
    : null;
  const more = [item.detail, item.folio !== null ? t("work.folio", { folio: item.folio }) : null, when].filter(Boolean);
  return (
    <Stack gap={0}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
          {item.title}
        </Text>
        {extra}
      </Group>
      {more.length > 0 && (
        <Text size="xs" c="gray.7" style={{ overflowWrap: "anywhere" }}>
          {more.join(" · ")}
        </Text>
      )}
    </Stack>
  );
}
