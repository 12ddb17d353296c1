import { type ConfigMeasure, type GradeConfig, type MeasureKind, RATING_LIMITS } from "@convive/domain";
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Card } from "../shared/Card.tsx";
import { ActiveSwitch, BilingualName, useLocalName } from "../shared/catalogue.tsx";

export interface MeasureActions {
  create: (kind: MeasureKind) => void;
  edit: (measure: ConfigMeasure) => void;
  remove: (measure: ConfigMeasure) => void;
  toggle: (measure: ConfigMeasure, active: boolean) => Promise<unknown>;
  move: (index: number, delta: -1 | 1) => void;
}

/** Long scale names wrap on a phone instead of being cut. */
const WRAP = { label: { whiteSpace: "normal", overflow: "visible" } } as const;

function MeasureRow({
  measure,
  config,
  actions,
  index,
  count,
}: {
  measure: ConfigMeasure;
  config: GradeConfig;
  actions?: MeasureActions;
  /** Place among the habits (the conduct has none). */
  index?: number;
  count?: number;
}) {
  const { t } = useTranslation(["gradeConfig", "incidentsConfig"]);
  const localName = useLocalName();
  const name = localName(measure);
  const scaleName = (id: number) => {
    const scale = config.scales.find((s) => s.id === id);
    return scale ? localName(scale) : "—";
  };
  const sectionName = (id: number) => {
    const section = config.sections.find((s) => s.id === id);
    return section ? localName(section) : "—";
  };
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      bg={measure.is_active ? undefined : "var(--mantine-color-gray-0)"}
      aria-label={name}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <BilingualName row={measure} dimmed={!measure.is_active} />
          <Group gap={6}>
            <Badge variant="light" color="blue" c="dark.8" radius="sm" tt="none" h="auto" styles={WRAP}>
              {t("measures.onScale", { scale: scaleName(measure.scale_id) })}
            </Badge>
            {measure.sections.map((o) => (
              <Badge
                key={o.section_id}
                variant="outline"
                color="gray.5"
                c="dark.8"
                radius="sm"
                tt="none"
                h="auto"
                styles={WRAP}
              >
                {t("measures.override", { section: sectionName(o.section_id), scale: scaleName(o.scale_id) })}
              </Badge>
            ))}
          </Group>
        </Stack>
        {actions && (
          <Group gap={0} wrap="nowrap">
            {index !== undefined && count !== undefined && (
              <>
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size="lg"
                  disabled={index === 0}
                  onClick={() => actions.move(index, -1)}
                  aria-label={t("measures.moveUp", { name })}
                >
                  <IconArrowUp size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size="lg"
                  disabled={index === count - 1}
                  onClick={() => actions.move(index, 1)}
                  aria-label={t("measures.moveDown", { name })}
                >
                  <IconArrowDown size={18} aria-hidden />
                </ActionIcon>
              </>
            )}
            <ActionIcon
              variant="subtle"
              color="gray.8"
              size="lg"
              onClick={() => actions.edit(measure)}
              aria-label={t("incidentsConfig:actions.editLabel", { name })}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
            {!(measure.ratings_count > 0 && !measure.is_active) && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                onClick={() => actions.remove(measure)}
                aria-label={t("incidentsConfig:actions.deleteLabel", { name })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        )}
      </Group>
      <Group justify="space-between" gap="xs" mt="xs">
        <ActiveSwitch
          active={measure.is_active}
          name={name}
          feminine={measure.kind === "conduct"}
          onChange={actions && ((active) => actions.toggle(measure, active))}
        />
        <Text size="xs" c="gray.7">
          {t("measures.rated", { count: measure.ratings_count })}
        </Text>
      </Group>
    </Paper>
  );
}

/** The conduct (one) and the habits in their order, each with its scale and its sections' scales. */
export function MeasuresCard({ config, actions }: { config: GradeConfig; actions?: MeasureActions }) {
  const { t } = useTranslation("gradeConfig");
  const conduct = config.measures.filter((m) => m.kind === "conduct");
  const habits = config.measures.filter((m) => m.kind === "habit");
  const activeHabits = habits.filter((h) => h.is_active).length;
  const noScales = config.scales.every((s) => !s.is_active);
  const hasActiveConduct = conduct.some((c) => c.is_active);
  const full = activeHabits >= RATING_LIMITS.habitsMax;

  return (
    <Card title={t("measures.title")} description={t("measures.description")}>
      {actions && noScales && (
        <Text size="sm" c="orange.9">
          {t("measures.noScales")}
        </Text>
      )}
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {t("measures.conduct")}
          </Title>
          {actions && !hasActiveConduct && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={noScales}
              onClick={() => actions.create("conduct")}
            >
              {t("measures.newConduct")}
            </Button>
          )}
        </Group>
        {conduct.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("measures.noConduct")}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {conduct.map((m) => (
              <MeasureRow key={m.id} measure={m} config={config} actions={actions} />
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <div>
            <Title order={3} size="h5">
              {t("measures.habits")}
            </Title>
            <Text size="xs" c="gray.7">
              {t("measures.habitsCount", { count: activeHabits, max: RATING_LIMITS.habitsMax })}
            </Text>
          </div>
          {actions && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={noScales || full}
              onClick={() => actions.create("habit")}
            >
              {t("measures.newHabit")}
            </Button>
          )}
        </Group>
        {full && actions && (
          <Text size="xs" c="gray.7">
            {t("measures.limit", { max: RATING_LIMITS.habitsMax })}
          </Text>
        )}
        {habits.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("measures.noHabits")}
          </Text>
        ) : (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("measures.habits")}>
            {habits.map((m, i) => (
              <MeasureRow key={m.id} measure={m} config={config} actions={actions} index={i} count={habits.length} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
