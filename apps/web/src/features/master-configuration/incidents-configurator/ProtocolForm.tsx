import { DEADLINE_KINDS, type DeadlineKind, PROTOCOL_LIMITS, type Protocol, ProtocolBody } from "@convive/domain";
import {
  ActionIcon,
  Button,
  Grid,
  NumberInput,
  Paper,
  Group as Row,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { randomId } from "@mantine/hooks";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { BilingualNameFields } from "../shared/BilingualNameFields.tsx";
import { useSaveProtocol } from "./api.ts";

interface StepValues {
  /** The row's own key while editing (steps move and are removed). */
  key: string;
  name_es: string;
  name_en: string;
  deadline_kind: DeadlineKind;
  deadline_amount: number | string;
}
interface Values {
  name_es: string;
  name_en: string;
  is_active: boolean;
  steps: StepValues[];
}

const bodyOf = (v: Values): ProtocolBody => ({
  name_es: v.name_es,
  name_en: v.name_en || null,
  is_active: v.is_active,
  steps: v.steps.map((s) => ({
    name_es: s.name_es,
    name_en: s.name_en || null,
    deadline_kind: s.deadline_kind,
    deadline_amount: s.deadline_kind === "same_day" ? 0 : Number(s.deadline_amount || 0),
  })),
});

const blankStep = (): StepValues => ({
  key: randomId(),
  name_es: "",
  name_en: "",
  deadline_kind: "school_days",
  deadline_amount: 1,
});

/**
 * A protocol (issue 30 §2): its names and its ordered steps, each with a deadline — the same day, N hours, or N
 * school days (Saturdays and Sundays skipped, on the school's clock). Incidents already running keep their steps.
 */
export function ProtocolForm({ protocol, onClose }: { protocol: Protocol | null; onClose: () => void }) {
  const { t } = useTranslation("incidentsConfig");
  const form = useForm<Values>({
    initialValues: {
      name_es: protocol?.name_es ?? "",
      name_en: protocol?.name_en ?? "",
      is_active: protocol?.is_active ?? true,
      steps: protocol?.steps.map((s) => ({
        key: randomId(),
        name_es: s.name_es,
        name_en: s.name_en ?? "",
        deadline_kind: s.deadline_kind,
        deadline_amount: s.deadline_amount,
      })) ?? [blankStep()],
    },
    validate: (v) => schemaErrors(ProtocolBody, bodyOf(v), t),
  });
  const save = useSaveProtocol(protocol?.id ?? null, { form });
  const steps = form.values.steps;
  const move = (from: number, to: number) => form.reorderListItem("steps", { from, to });
  return (
    <FormModal
      opened
      onClose={onClose}
      size="xl"
      title={protocol ? t("protocols.editTitle") : t("protocols.createTitle")}
      onSubmit={form.onSubmit((v) => save.submit(bodyOf(v), onClose))}
      save={save}
    >
      <BilingualNameFields
        form={form}
        maxLength={200}
        placeholders={{ es: t("protocols.placeholderEs"), en: t("protocols.placeholderEn") }}
      />
      <Text fw={600} size="sm">
        {t("protocols.steps")}
      </Text>
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
        {steps.map((step, i) => (
          <Paper
            component="li"
            withBorder
            radius="md"
            p="sm"
            key={step.key}
            aria-label={t("protocols.stepN", { n: i + 1 })}
          >
            <Grid gap="xs" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t("protocols.stepNameEs", { n: i + 1 })}
                  required
                  maxLength={200}
                  lang="es"
                  {...form.getInputProps(`steps.${i}.name_es`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t("protocols.stepNameEn", { n: i + 1 })}
                  maxLength={200}
                  lang="en"
                  {...form.getInputProps(`steps.${i}.name_en`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <Select
                  label={t("protocols.deadlineKind")}
                  allowDeselect={false}
                  data={DEADLINE_KINDS.map((k) => ({ value: k, label: t(`protocols.kind.${k}`) }))}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps(`steps.${i}.deadline_kind`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                {step.deadline_kind !== "same_day" && (
                  <NumberInput
                    label={t(step.deadline_kind === "hours" ? "protocols.hours" : "protocols.schoolDays")}
                    min={1}
                    max={step.deadline_kind === "hours" ? PROTOCOL_LIMITS.maxHours : PROTOCOL_LIMITS.maxSchoolDays}
                    allowDecimal={false}
                    {...form.getInputProps(`steps.${i}.deadline_amount`)}
                  />
                )}
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <Row gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray.8"
                    size="lg"
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                    aria-label={t("protocols.moveUp", { n: i + 1 })}
                  >
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray.8"
                    size="lg"
                    disabled={i === steps.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={t("protocols.moveDown", { n: i + 1 })}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    size="lg"
                    disabled={steps.length === 1}
                    onClick={() => form.removeListItem("steps", i)}
                    aria-label={t("protocols.removeStep", { n: i + 1 })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Row>
              </Grid.Col>
            </Grid>
          </Paper>
        ))}
      </Stack>
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={steps.length >= PROTOCOL_LIMITS.maxSteps}
        onClick={() => form.insertListItem("steps", blankStep())}
        style={{ alignSelf: "flex-start" }}
      >
        {t("protocols.addStep")}
      </Button>
      <Text size="xs" c="dimmed">
        {t("protocols.deadlineHint")}
      </Text>
      <Switch
        label={t("protocols.active")}
        description={t("protocols.activeHint")}
        {...form.getInputProps("is_active", { type: "checkbox" })}
      />
    </FormModal>
  );
}
