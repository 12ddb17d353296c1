import { type Grid, scaleValues } from "@convive/domain";
import { ActionIcon, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconMessage, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdjustmentsMarker } from "../../inclusion/index.ts";
import { HealthAlertMarker } from "../../nursing/index.ts";
import { shownValue } from "../typing.ts";
import type { GridCells } from "../use-grid-cells.ts";
import { CellState, LevelDot, useCellText } from "./CellValue.tsx";
import { measureName } from "./RatingsGrid.tsx";

/**
 * On a phone (issue 13 §2): one student at a time with large targets — a button per level, or the marks of a
 * numeric scale as a keypad — and previous/next. Each tap saves like a grid cell does.
 */
export function PhoneRater({
  grid,
  cells,
  onComment,
}: {
  grid: Grid;
  cells: GridCells;
  onComment: (id: number) => void;
}) {
  const { t, i18n } = useTranslation("ratings");
  const language = i18n.resolvedLanguage ?? "es";
  const cellText = useCellText();
  const [index, setIndex] = useState(0);
  const total = grid.students.length;
  const student = grid.students[Math.min(index, total - 1)]!;
  return (
    <Stack gap="md">
      <Select
        label={t("phone.pick")}
        data={grid.students.map((s, i) => ({ value: String(i), label: s.name }))}
        value={String(index)}
        onChange={(v) => v !== null && setIndex(Number(v))}
        allowDeselect={false}
        searchable
      />
      <Card withBorder radius="lg" padding="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fz="xs" c="gray.7">
                {t("phone.position", { index: index + 1, total })}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Title order={2} fz="h3">
                  {student.name}
                </Title>
                {student.has_health_alert && <HealthAlertMarker studentId={student.id} name={student.name} />}
                {student.has_adjustments && <AdjustmentsMarker studentId={student.id} name={student.name} />}
              </Group>
            </div>
            <ActionIcon
              size="xl"
              variant={student.comment ? "light" : "default"}
              aria-label={t("commentDialog.open", { student: student.name })}
              onClick={() => onComment(student.id)}
            >
              <IconMessage size={22} aria-hidden />
            </ActionIcon>
          </Group>
          {grid.measures.map((m) => {
            const view = cells.view(student.id, m.id);
            const name = measureName(m, language);
            const definition = m.scale.definition;
            const values = scaleValues(definition);
            return (
              <Stack key={m.id} gap={6} role="group" aria-label={name} data-measure={m.id}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{name}</Text>
                  <Group gap={6} wrap="nowrap">
                    <Text fz="xs" c="gray.7" lineClamp={1} title={cellText(view)}>
                      {view.value === null ? t("empty") : shownValue(view.definition, view.value, language).label}
                    </Text>
                    <CellState
                      view={view}
                      onRetry={() => cells.retry(student.id, m.id)}
                      retryLabel={t("retry", { cell: name })}
                    />
                    {grid.editable && view.value !== null && (
                      <ActionIcon
                        variant="subtle"
                        color="gray.8"
                        aria-label={t("phone.clear", { measure: name })}
                        onClick={() => cells.put(student.id, m.id, null)}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                </Group>
                <SimpleGrid cols={definition.kind === "levels" ? 2 : 4} spacing={6}>
                  {values.map((v) => {
                    const shown = shownValue(definition, v, language);
                    const chosen = view.value === v;
                    return (
                      <Button
                        key={v}
                        size="md"
                        mih={52}
                        h="auto"
                        px={6}
                        styles={{ label: { whiteSpace: "normal", lineHeight: 1.2 } }}
                        disabled={!grid.editable}
                        variant={chosen ? "filled" : "default"}
                        aria-pressed={chosen}
                        aria-label={t("phone.choose", { measure: name, value: shown.label })}
                        leftSection={definition.kind === "levels" ? <LevelDot colour={shown.colour} /> : undefined}
                        onClick={() => cells.put(student.id, m.id, v)}
                      >
                        {definition.kind === "levels" ? shown.label : v}
                      </Button>
                    );
                  })}
                </SimpleGrid>
              </Stack>
            );
          })}
        </Stack>
      </Card>
      <Group grow>
        <Button
          size="lg"
          variant="default"
          leftSection={<IconChevronLeft size={20} aria-hidden />}
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
        >
          {t("phone.previous")}
        </Button>
        <Button
          size="lg"
          rightSection={<IconChevronRight size={20} aria-hidden />}
          disabled={index >= total - 1}
          onClick={() => setIndex(index + 1)}
        >
          {t("phone.next")}
        </Button>
      </Group>
    </Stack>
  );
}
