import type { Dashboard, Figure } from "@convive/domain";
import { formatNumber, formatRatio } from "@convive/domain/core";
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** A figure that opens the archive on exactly what it counts. */
export function FigureLink({ figure, name, children }: { figure: Figure; name: string; children?: ReactNode }) {
  const { i18n } = useTranslation();
  const content = children ?? formatNumber(figure.value, i18n.resolvedLanguage ?? "es", 0);
  if (!figure.link) return <>{content}</>;
  return (
    <Anchor
      component={Link}
      to={figure.link}
      aria-label={name}
      underline="always"
      c="inherit"
      fz="inherit"
      fw="inherit"
    >
      {content}
    </Anchor>
  );
}

/** "+3 (+25%) vs. Bimestre 1": more incidents is worse (red), fewer better (green). */
function Delta({ current, previous, label }: { current: number; previous: number | null; label: string }) {
  const { t } = useTranslation("strategicVision");
  if (previous === null) return null;
  const diff = current - previous;
  const pct = previous === 0 ? null : Math.round((diff / previous) * 100);
  const colour = diff > 0 ? "red.9" : diff < 0 ? "teal.9" : "gray.7";
  const Icon = diff >= 0 ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={14} aria-hidden color={`var(--mantine-color-${colour.replace(".", "-")})`} />
      <Text size="xs" c={colour}>
        {t("delta", {
          diff: `${diff > 0 ? "+" : ""}${diff}`,
          pct: pct === null ? "" : ` (${pct > 0 ? "+" : ""}${pct}%)`,
          previous: label,
          value: previous,
        })}
      </Text>
    </Group>
  );
}

function Kpi(props: { title: string; value: ReactNode; footer?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {props.title}
        </Text>
        <Text fz={26} fw={700} lh={1.2}>
          {props.value}
        </Text>
        {props.footer}
      </Stack>
    </Card>
  );
}

/** The headline figures: this period against the last, the ratio, open incidents, closing time, overdue actions. */
export function Kpis({ d }: { d: Dashboard }) {
  const { t, i18n } = useTranslation("strategicVision");
  const previousName = d.range.previous?.name ?? "";
  const lang = i18n.resolvedLanguage ?? "es";
  const number = (n: number, digits = 1) => formatNumber(n, lang, digits);
  const ratio = d.ratio.value;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
      <Kpi
        title={t("kpi.incidents")}
        value={
          <FigureLink figure={d.incidents.current} name={t("open.incidents", { count: d.incidents.current.value })} />
        }
        footer={
          <Delta
            current={d.incidents.current.value}
            previous={d.incidents.previous?.value ?? null}
            label={previousName}
          />
        }
      />
      {d.by_classification.map((c) => (
        <Kpi
          key={c.classification}
          title={t(`classification.${c.classification}`)}
          value={
            <FigureLink
              figure={c.current}
              name={t("open.classification", {
                count: c.current.value,
                classification: t(`classification.${c.classification}`),
              })}
            />
          }
          footer={<Delta current={c.current.value} previous={c.previous?.value ?? null} label={previousName} />}
        />
      ))}
      <Kpi
        title={t("kpi.observations")}
        value={number(d.observations.current, 0)}
        footer={
          <Text size="xs" c="dimmed">
            {t("kpi.positiveOf", { count: d.observations.positive })}
            {d.observations.previous !== null &&
              ` · ${t("kpi.before", { value: d.observations.previous, previous: previousName })}`}
          </Text>
        }
      />
      <Kpi
        title={t("kpi.ratio")}
        value={ratio === null ? "—" : formatRatio(ratio, lang)}
        footer={
          <Text size="xs" fw={600} c={ratio !== null && ratio >= d.ratio.target ? "teal.9" : "dark.6"}>
            {t("kpi.target", { target: d.ratio.target })}
          </Text>
        }
      />
      <Kpi
        title={t("kpi.open")}
        value={<FigureLink figure={d.open.total} name={t("open.open", { count: d.open.total.value })} />}
        footer={
          <Text size="xs" c="dimmed">
            {t("kpi.escalated", { count: d.escalated.total.value, days: d.escalated.days })}
          </Text>
        }
      />
      <Kpi
        title={t("kpi.timeToClose")}
        value={
          d.time_to_close.median_days === null
            ? "—"
            : t("kpi.days", { count: d.time_to_close.median_days, value: number(d.time_to_close.median_days) })
        }
        footer={
          <Text size="xs" c="dimmed">
            <FigureLink
              figure={d.time_to_close.closed}
              name={t("open.closed", { count: d.time_to_close.closed.value })}
            >
              {t("kpi.closed", { count: d.time_to_close.closed.value })}
            </FigureLink>
          </Text>
        }
      />
      <Kpi
        title={t("kpi.overdue")}
        value={<FigureLink figure={d.overdue_actions} name={t("open.overdue", { count: d.overdue_actions.value })} />}
      />
      <Kpi
        title={t("kpi.perDay")}
        value={
          d.per_school_day.value === null ? (
            "—"
          ) : (
            <FigureLink
              figure={{ value: d.per_school_day.value, link: d.per_school_day.link }}
              name={t("open.perDay", { value: number(d.per_school_day.value, 2) })}
            >
              {number(d.per_school_day.value, 2)}
            </FigureLink>
          )
        }
        footer={
          <Text size="xs" c="dimmed">
            {t("kpi.schoolDays", { count: d.per_school_day.school_days })}
          </Text>
        }
      />
    </SimpleGrid>
  );
}
