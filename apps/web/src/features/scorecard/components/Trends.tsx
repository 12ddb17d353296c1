import type { Scorecard } from "@convive/domain";
import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

const W = 160;
const H = 48;
const PAD = 4;

/**
 * A small trend per measure: the student's score (0–100, so values on different scales or versions compare) and
 * the group's average, period by period. The table above holds the same figures, so the drawing is described by
 * its label rather than read point by point.
 */
export function Trends({ card }: { card: Scorecard }) {
  const { t, i18n } = useTranslation("scorecard");
  const en = i18n.resolvedLanguage === "en";
  if (card.periods.length < 2) return null;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="scorecard-trends">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title id="scorecard-trends" order={3} size="h5">
          {t("trend")}
        </Title>
        <Group gap="md" aria-hidden>
          <Key dashed={false} label={t("student")} />
          <Key dashed label={t("groupAverage")} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {card.measures.map((m) => {
          const name = en ? m.name_en : m.name_es;
          const mine = card.periods.map((p) => p.ratings.find((r) => r.measure_id === m.id)?.score ?? null);
          const group = card.periods.map((p) => p.group_average.find((g) => g.measure_id === m.id)?.score ?? null);
          return (
            <Stack key={m.id} gap={2}>
              <Text size="sm" fw={600}>
                {name}
              </Text>
              <svg
                width={W}
                height={H}
                viewBox={`0 0 ${W} ${H}`}
                role="img"
                aria-label={t("trendLabel", { measure: name })}
              >
                <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} stroke="#dee2e6" />
                <Line values={group} dashed />
                <Line values={mine} dashed={false} />
              </svg>
            </Stack>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}

function points(values: (number | null)[]) {
  const step = values.length > 1 ? (W - 2 * PAD) / (values.length - 1) : 0;
  return values.flatMap((v, i) => (v === null ? [] : [[PAD + i * step, H - PAD - (v / 100) * (H - 2 * PAD)] as const]));
}

function Line({ values, dashed }: { values: (number | null)[]; dashed: boolean }) {
  const pts = points(values);
  if (pts.length === 0) return null;
  const colour = dashed ? "#868e96" : "var(--mantine-color-institutional-7, #1c7ed6)";
  return (
    <g>
      <polyline
        points={pts.map(([x, y]) => `${x},${y}`).join(" ")}
        fill="none"
        stroke={colour}
        strokeWidth={2}
        strokeDasharray={dashed ? "4 3" : undefined}
      />
      {pts.map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={2.5} fill={colour} />
      ))}
    </g>
  );
}

function Key({ dashed, label }: { dashed: boolean; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <svg width={22} height={8} aria-hidden>
        <line
          x1={1}
          x2={21}
          y1={4}
          y2={4}
          stroke={dashed ? "#868e96" : "var(--mantine-color-institutional-7, #1c7ed6)"}
          strokeWidth={2}
          strokeDasharray={dashed ? "4 3" : undefined}
        />
      </svg>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
    </Group>
  );
}
