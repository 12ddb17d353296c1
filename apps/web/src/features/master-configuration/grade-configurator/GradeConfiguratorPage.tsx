import type { AlertRule, ConfigMeasure, ConfigScale, MeasureKind } from "@convive/domain";
import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconInfoCircle, IconSparkles } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useAccess } from "../shared/access.ts";
import { Card } from "../shared/Card.tsx";
import { savedWithToasts, useLocalName } from "../shared/catalogue.tsx";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { AlertRuleForm } from "./AlertRuleForm.tsx";
import { AlertRulesCard, useRuleLabel } from "./AlertRulesCard.tsx";
import {
  useDeleteAlertRule,
  useDeleteMeasure,
  useDeleteScale,
  useGradeConfig,
  useOrderHabits,
  useSetAlertRuleActive,
  useSetMeasureActive,
  useSetScaleActive,
  useStarterSetup,
} from "./api.ts";
import { MeasureForm } from "./MeasureForm.tsx";
import { type MeasureActions, MeasuresCard } from "./MeasuresCard.tsx";
import { PointsCard } from "./PointsCard.tsx";
import { ScaleForm } from "./ScaleForm.tsx";
import { ScalesCard } from "./ScalesCard.tsx";
import { SettingsCard } from "./SettingsCard.tsx";

type Editing =
  | { what: "scale"; scale: ConfigScale | null }
  | { what: "measure"; kind: MeasureKind; measure: ConfigMeasure | null }
  | { what: "rule"; rule: AlertRule | null };

/**
 * master-configuration/grade-configurator (issue 13 §1): the rating scales (versioned once rated), the conduct and
 * the habits with their sections' scales, when periods close and points reset, where points come from, and the
 * alert thresholds. A school without scales is offered the suggested setup.
 */
export default function GradeConfiguratorPage() {
  const { t } = useTranslation(["gradeConfig", "incidentsConfig"]);
  const access = useAccess();
  const canWrite = access.can("master-configuration-incident-configurator", "update");
  const query = useGradeConfig();
  const confirm = useConfirm();
  const localName = useLocalName();
  const ruleLabel = useRuleLabel();
  const [editing, setEditing] = useState<Editing | null>(null);
  const starter = useStarterSetup();
  const setScaleActive = useSetScaleActive();
  const deleteScale = useDeleteScale();
  const setMeasureActive = useSetMeasureActive();
  const deleteMeasure = useDeleteMeasure();
  const orderHabits = useOrderHabits();
  const setRuleActive = useSetAlertRuleActive();
  const deleteRule = useDeleteAlertRule();
  const config = query.data;

  /** Deletes what nobody used; offers to deactivate what is in use (its ratings keep it). */
  const askRemove = (
    keys: "scales" | "measures",
    name: string,
    used: number,
    deactivate: () => Promise<unknown>,
    remove: () => Promise<unknown>,
  ) =>
    used > 0
      ? confirm.ask({
          title: t(`${keys}.inUseTitle`, { name }),
          message: t(`${keys}.inUseMessage`, { count: used }),
          confirmLabel: t("incidentsConfig:actions.deactivate"),
          action: deactivate,
          successMessage: t("common:messages.saved"),
          failureMessage: t("common:messages.saveFailed"),
        })
      : confirm.ask({
          title: t(`${keys}.deleteTitle`, { name }),
          message: t(`${keys}.deleteMessage`, { name }),
          confirmLabel: t("incidentsConfig:actions.delete"),
          danger: true,
          action: remove,
        });

  const scaleActions = {
    create: () => setEditing({ what: "scale", scale: null }),
    edit: (scale: ConfigScale) => setEditing({ what: "scale", scale }),
    toggle: (scale: ConfigScale, active: boolean) => setScaleActive.run({ id: scale.id, active }),
    remove: (scale: ConfigScale) =>
      askRemove(
        "scales",
        localName(scale),
        scale.ratings_count + scale.measures_count,
        () => setScaleActive.run({ id: scale.id, active: false }),
        () => deleteScale.run(scale.id),
      ),
  };
  const measureActions: MeasureActions = {
    create: (kind) => setEditing({ what: "measure", kind, measure: null }),
    edit: (measure) => setEditing({ what: "measure", kind: measure.kind, measure }),
    toggle: (measure, active) => setMeasureActive.run({ id: measure.id, active }),
    remove: (measure) =>
      askRemove(
        "measures",
        localName(measure),
        measure.ratings_count,
        () => setMeasureActive.run({ id: measure.id, active: false }),
        () => deleteMeasure.run(measure.id),
      ),
    move: (index, delta) => {
      const ids = (config?.measures ?? []).filter((m) => m.kind === "habit").map((m) => m.id);
      const [moved] = ids.splice(index, 1);
      ids.splice(index + delta, 0, moved!);
      void savedWithToasts(() => orderHabits.run(ids), t);
    },
  };
  const ruleActions = {
    create: () => setEditing({ what: "rule", rule: null }),
    edit: (rule: AlertRule) => setEditing({ what: "rule", rule }),
    toggle: (rule: AlertRule, active: boolean) => setRuleActive.run({ id: rule.id, active }),
    remove: (rule: AlertRule) =>
      confirm.ask({
        title: t("alerts.deleteTitle"),
        message: t("alerts.deleteMessage", { name: ruleLabel(rule) }),
        confirmLabel: t("incidentsConfig:actions.delete"),
        danger: true,
        action: () => deleteRule.run(rule.id),
      }),
  };

  return (
    <MasterConfigurationPage>
      <Stack gap="lg">
        <Text size="sm" c="gray.7" maw={820}>
          {t("intro")}
        </Text>
        {!canWrite && config && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t("readOnly")}
          </Alert>
        )}
        <QueryState query={query} />
        {config && (
          <>
            {canWrite && config.scales.length === 0 && (
              <Card title={t("starter.title")} description={t("starter.description")}>
                <div>
                  <Button
                    leftSection={<IconSparkles size={16} aria-hidden />}
                    loading={starter.busy}
                    onClick={() => void savedWithToasts(() => starter.run(), t)}
                  >
                    {t("starter.button")}
                  </Button>
                  <Text size="sm" c="dimmed" mt="xs">
                    {t("starter.manual")}
                  </Text>
                </div>
              </Card>
            )}
            <ScalesCard scales={config.scales} actions={canWrite ? scaleActions : undefined} />
            <MeasuresCard config={config} actions={canWrite ? measureActions : undefined} />
            <SettingsCard settings={config.settings} canWrite={canWrite} />
            <PointsCard />
            <AlertRulesCard rules={config.alert_rules} actions={canWrite ? ruleActions : undefined} />
          </>
        )}
      </Stack>
      {editing?.what === "scale" && <ScaleForm scale={editing.scale} onClose={() => setEditing(null)} />}
      {editing?.what === "measure" && config && (
        <MeasureForm kind={editing.kind} measure={editing.measure} config={config} onClose={() => setEditing(null)} />
      )}
      {editing?.what === "rule" && <AlertRuleForm rule={editing.rule} onClose={() => setEditing(null)} />}
      {confirm.dialog}
    </MasterConfigurationPage>
  );
}
