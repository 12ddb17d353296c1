import { ALERT_KINDS, ALERT_LIMITS, type AlertKind, type AlertRule, AlertRuleBody } from "@convive/domain";
import { CLASSIFICATIONS, type Classification } from "@convive/domain/core";
import { Grid, NumberInput, Radio, Select, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { useSaveAlertRule } from "./api.ts";
import { gradeErrors } from "./validation.ts";

interface Values {
  kind: AlertKind;
  /** "" for any classification. */
  classification: string;
  threshold: number | string;
  window_days: number | string;
  is_active: boolean;
}

const bodyOf = (v: Values) =>
  v.kind === "incidents"
    ? {
        kind: v.kind,
        classification: (v.classification || null) as Classification | null,
        threshold: v.threshold === "" ? Number.NaN : Number(v.threshold),
        window_days: v.window_days === "" ? Number.NaN : Number(v.window_days),
        is_active: v.is_active,
      }
    : { kind: v.kind, classification: null, threshold: 1, window_days: 1, is_active: v.is_active };

/** An alert rule: N incidents (of a classification or any) within D days, or conduct below the passing mark. */
export function AlertRuleForm({ rule, onClose }: { rule: AlertRule | null; onClose: () => void }) {
  const { t } = useTranslation(["gradeConfig", "incidents", "incidentsConfig"]);
  const form = useForm<Values>({
    initialValues: {
      kind: (rule?.kind ?? "incidents") as AlertKind,
      classification: rule?.classification ?? "serious",
      threshold: rule && rule.kind === "incidents" ? rule.threshold : 3,
      window_days: rule && rule.kind === "incidents" ? rule.window_days : 30,
      is_active: rule?.is_active ?? true,
    },
    validate: (v) => gradeErrors(AlertRuleBody, bodyOf(v), t),
  });
  const save = useSaveAlertRule(rule?.id ?? null, { form });
  const submit = form.onSubmit((v) => save.submit(bodyOf(v), onClose));

  return (
    <FormModal
      opened
      onClose={onClose}
      title={rule ? t("alerts.editTitle") : t("alerts.createTitle")}
      onSubmit={submit}
      save={save}
    >
      <Radio.Group label={t("alerts.kind")} {...form.getInputProps("kind")}>
        <Stack gap="xs" mt={6}>
          {ALERT_KINDS.map((k) => (
            <Radio key={k} value={k} label={t(`alerts.kinds.${k}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {form.values.kind === "incidents" && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t("alerts.classification")}
              allowDeselect={false}
              data={[
                { value: "", label: t("alerts.anyClassification") },
                ...CLASSIFICATIONS.map((c) => ({ value: c, label: t(`incidents:classification.${c}`) })),
              ]}
              {...form.getInputProps("classification")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NumberInput
              label={t("alerts.threshold")}
              required
              min={1}
              max={ALERT_LIMITS.thresholdMax}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("threshold")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NumberInput
              label={t("alerts.windowDays")}
              required
              min={1}
              max={ALERT_LIMITS.windowDaysMax}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("window_days")}
            />
          </Grid.Col>
        </Grid>
      )}
      <Switch label={t("incidentsConfig:status.active")} {...form.getInputProps("is_active", { type: "checkbox" })} />
    </FormModal>
  );
}
