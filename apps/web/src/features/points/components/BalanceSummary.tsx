import type { PointBalances, PointsWindow } from "@convive/domain";
import { localName } from "@convive/domain/core";
import { Paper, SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { signed } from "./format.ts";

/** The three figures of a student's points: the period's, the school year's and the running balance. */
export function BalanceSummary({ balances, window }: { balances: PointBalances; window: PointsWindow }) {
  const { t } = useTranslation("points");
  const dates = useDates();
  // Side by side on a phone too (three small figures), the dates under each in a smaller type.
  const phone = useIsPhone();
  const figures = [
    {
      key: "period",
      label: window.period ? localName(window.period, dates.lang) : t("balances.period"),
      value: balances.period,
      note: window.period ? dates.dayRange(window.period.starts_on, window.period.ends_on) : t("balances.noPeriod"),
    },
    {
      key: "year",
      label: window.year ? `${t("balances.year")} ${window.year.name}` : t("balances.year"),
      value: balances.year,
      note: window.year ? dates.dayRange(window.year.starts_on, window.year.ends_on) : "",
    },
    {
      key: "balance",
      label: t("balances.balance"),
      value: balances.balance,
      note: window.balance_starts_on
        ? t("balances.since", { day: dates.day(window.balance_starts_on) })
        : t("balances.neverResets"),
    },
  ];
  return (
    <SimpleGrid cols={3} spacing={phone ? 6 : "sm"} role="group" aria-label={t("balances.label")}>
      {figures.map((f) => (
        <Paper key={f.key} withBorder radius="md" p={phone ? 8 : "sm"} data-testid={`points-${f.key}`}>
          <Text fz={phone ? 11 : "xs"} c="gray.7" fw={600} tt="uppercase" style={{ overflowWrap: "anywhere" }}>
            {f.label}
          </Text>
          <Text fz={phone ? 22 : 28} fw={700} lh={1.2}>
            {f.value === null ? "—" : signed(f.value)}
          </Text>
          <Text fz={phone ? 11 : "xs"} c="gray.7">
            {f.note}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
