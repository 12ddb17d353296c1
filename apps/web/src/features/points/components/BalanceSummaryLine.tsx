import type { PointBalances } from "@convive/domain";
import { Group, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { signed } from "./format.ts";

const shown = (n: number | null) => (n === null ? "—" : signed(n));

/** A student's three balances in a row of the group's table (`cells`) or on one line of a phone's card. */
export function BalanceSummaryLine({ balances, cells }: { balances: PointBalances; cells?: boolean }) {
  const { t } = useTranslation("points");
  const figures = [
    { key: "period", label: t("balances.period"), value: balances.period },
    { key: "year", label: t("balances.year"), value: balances.year },
    { key: "balance", label: t("balances.balance"), value: balances.balance },
  ];
  if (cells) {
    return figures.map((f) => (
      <Table.Td key={f.key} ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
        {shown(f.value)}
      </Table.Td>
    ));
  }
  return (
    <Group gap="md" wrap="wrap">
      {figures.map((f) => (
        <Text key={f.key} size="sm" c="gray.8">
          {f.label}:{" "}
          <Text span fw={700} inherit>
            {shown(f.value)}
          </Text>
        </Text>
      ))}
    </Group>
  );
}
