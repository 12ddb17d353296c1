import type { ConfigScale } from "@convive/domain";
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconHistory, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Card } from "../shared/Card.tsx";
import { ActiveSwitch, BilingualName, useLocalName } from "../shared/catalogue.tsx";

interface Actions {
  edit: (scale: ConfigScale) => void;
  remove: (scale: ConfigScale) => void;
  toggle: (scale: ConfigScale, active: boolean) => Promise<unknown>;
  create: () => void;
}

/** What a scale's current version holds: "De 5 a 10…" or its levels as coloured chips. */
export function ScaleSummary({ scale }: { scale: ConfigScale }) {
  const { t, i18n } = useTranslation("gradeConfig");
  const d = scale.definition;
  if (d.kind === "numeric") {
    return <Text size="sm">{t("scales.summary", { min: d.min, max: d.max, step: d.step, passing: d.passing })}</Text>;
  }
  const en = i18n.resolvedLanguage === "en";
  return (
    <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {d.levels.map((l) => (
        <li key={l.code}>
          <Badge
            variant="outline"
            radius="sm"
            tt="none"
            color="gray.5"
            c="dark.8"
            leftSection={
              <span
                aria-hidden
                style={{ width: 10, height: 10, borderRadius: 3, background: l.colour, display: "block" }}
              />
            }
          >
            {l.code} · {en && l.name_en ? l.name_en : l.name_es}
            {!l.passing && ` (${t("scales.fails")})`}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

/** The school's scales, each with its version, how many versions it has had and who uses it. */
export function ScalesCard({ scales, actions }: { scales: ConfigScale[]; actions?: Actions }) {
  const { t } = useTranslation(["gradeConfig", "incidentsConfig"]);
  const localName = useLocalName();
  return (
    <Card
      title={t("scales.title")}
      description={t("scales.description")}
      actions={
        actions && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={actions.create}>
            {t("scales.new")}
          </Button>
        )
      }
    >
      {scales.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("scales.empty")}
        </Text>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {scales.map((scale) => (
          <Paper
            key={scale.id}
            component="li"
            withBorder
            radius="md"
            p="md"
            bg={scale.is_active ? undefined : "var(--mantine-color-gray-0)"}
            aria-label={localName(scale)}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={6} style={{ minWidth: 0 }}>
                <BilingualName row={scale} dimmed={!scale.is_active} />
                <Group gap={6}>
                  <Badge variant="light" color="blue" c="dark.8" radius="sm" tt="none">
                    {t(`scales.kinds.${scale.kind}`)}
                  </Badge>
                  <Badge
                    variant="light"
                    color="gray"
                    c="dark.8"
                    radius="sm"
                    tt="none"
                    leftSection={<IconHistory size={12} aria-hidden />}
                  >
                    {t("scales.version", { version: scale.version })} ·{" "}
                    {t("scales.versions", { count: scale.versions_count })}
                  </Badge>
                </Group>
              </Stack>
              {actions && (
                <Group gap={0} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray.8"
                    size="lg"
                    onClick={() => actions.edit(scale)}
                    aria-label={t("incidentsConfig:actions.editLabel", { name: localName(scale) })}
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                  {!(scale.ratings_count + scale.measures_count > 0 && !scale.is_active) && (
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      size="lg"
                      onClick={() => actions.remove(scale)}
                      aria-label={t("incidentsConfig:actions.deleteLabel", { name: localName(scale) })}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              )}
            </Group>
            <Stack gap={6} mt="sm">
              <ScaleSummary scale={scale} />
              {scale.current_ratings > 0 && (
                <Text size="xs" c="gray.7">
                  {t("scales.rated")}
                </Text>
              )}
              <Group justify="space-between" gap="xs">
                <ActiveSwitch
                  active={scale.is_active}
                  feminine
                  name={localName(scale)}
                  onChange={actions && ((active) => actions.toggle(scale, active))}
                />
                <Text size="xs" c="gray.7">
                  {scale.measures_count > 0 ? t("scales.usedBy", { count: scale.measures_count }) : t("scales.unused")}
                </Text>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Card>
  );
}
