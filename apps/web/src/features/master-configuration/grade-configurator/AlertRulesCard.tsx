import type { AlertRule } from "@convive/domain";
import { ActionIcon, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconBell, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Card } from "../shared/Card.tsx";
import { ActiveSwitch } from "../shared/catalogue.tsx";

interface Actions {
  create: () => void;
  edit: (rule: AlertRule) => void;
  remove: (rule: AlertRule) => void;
  toggle: (rule: AlertRule, active: boolean) => Promise<unknown>;
}

/** How a rule reads: "3 incidencias de clasificación Grave en 30 días" or "Conducta por debajo…". */
export function useRuleLabel() {
  const { t } = useTranslation(["gradeConfig", "incidents"]);
  return (rule: AlertRule) =>
    rule.kind === "incidents"
      ? t("alerts.summaryIncidents", {
          count: rule.threshold,
          days: rule.window_days,
          classification: rule.classification
            ? t("alerts.ofClassification", { classification: t(`incidents:classification.${rule.classification}`) })
            : t("alerts.anyLabel"),
        })
      : t("alerts.summaryConduct");
}

/** The school's alert thresholds. */
export function AlertRulesCard({ rules, actions }: { rules: AlertRule[]; actions?: Actions }) {
  const { t } = useTranslation(["gradeConfig", "incidentsConfig"]);
  const label = useRuleLabel();
  return (
    <Card
      title={t("alerts.title")}
      description={t("alerts.description")}
      actions={
        actions && (
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={actions.create}>
            {t("alerts.new")}
          </Button>
        )
      }
    >
      {rules.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("alerts.empty")}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {rules.map((rule) => {
            const name = label(rule);
            return (
              <Paper
                key={rule.id}
                component="li"
                withBorder
                radius="md"
                p="sm"
                bg={rule.is_active ? undefined : "var(--mantine-color-gray-0)"}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconBell size={18} aria-hidden style={{ flex: "none" }} />
                    <Text size="sm" fw={600} c={rule.is_active ? undefined : "dimmed"}>
                      {name}
                    </Text>
                  </Group>
                  {actions && (
                    <Group gap={0} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray.8"
                        size="lg"
                        onClick={() => actions.edit(rule)}
                        aria-label={t("incidentsConfig:actions.editLabel", { name })}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        onClick={() => actions.remove(rule)}
                        aria-label={t("incidentsConfig:actions.deleteLabel", { name })}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
                <Group mt={6}>
                  <ActiveSwitch
                    active={rule.is_active}
                    feminine
                    name={name}
                    onChange={actions && ((active) => actions.toggle(rule, active))}
                  />
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
