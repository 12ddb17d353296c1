import { ADJUSTMENT_KINDS, BARRIER_CONTEXTS } from "@convive/domain";
import {
  ActionIcon,
  Button,
  Flex,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DayField } from "../components/DayField.tsx";
import type { ConditionValues } from "./condition-form.ts";

type Form = UseFormReturnType<ConditionValues>;

/** The reasonable adjustments: kind, what, who applies it and since when (what the student's teachers see). */
export function AdjustmentsEditor({ form, today }: { form: Form; today: string }) {
  const { t } = useTranslation("inclusion");
  const kinds = ADJUSTMENT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }));
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={700} size="sm" mb={4}>
        {t("form.adjustments")}
      </Text>
      <Text size="xs" c="gray.7">
        {t("form.adjustmentsHelp")}
      </Text>
      {form.values.adjustments.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a form list's rows are edited in place; their position is their identity
        <Paper key={`adj-${i}`} withBorder p="sm" radius="md" data-testid="adjustment-row">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-end">
              <Select
                label={t("form.kind")}
                data={kinds}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                style={{ flex: 1 }}
                maw={260}
                {...form.getInputProps(`adjustments.${i}.kind`)}
              />
              <ActionIcon
                variant="subtle"
                color="red.9"
                size={36}
                aria-label={t("form.removeAdjustment", { n: i + 1 })}
                onClick={() => form.removeListItem("adjustments", i)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <Textarea
              label={t("form.adjustment")}
              withAsterisk
              autosize
              minRows={1}
              maxLength={500}
              {...form.getInputProps(`adjustments.${i}.description`)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label={t("form.appliedBy")}
                placeholder={t("form.appliedByPlaceholder")}
                withAsterisk
                maxLength={150}
                {...form.getInputProps(`adjustments.${i}.applied_by`)}
              />
              <DayField
                label={t("form.since")}
                withAsterisk
                {...form.getInputProps(`adjustments.${i}.since`)}
                value={form.values.adjustments[i]?.since ?? ""}
                onChange={(day) => form.setFieldValue(`adjustments.${i}.since`, day)}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={form.values.adjustments.length >= 30}
          onClick={() =>
            form.insertListItem("adjustments", {
              kind: "methodological",
              description: "",
              applied_by: "",
              since: today,
            })
          }
        >
          {t("form.addAdjustment")}
        </Button>
      </Group>
    </Stack>
  );
}

/** Barriers for learning and participation, by context (school, classroom, family — USAER practice). */
export function BarriersEditor({ form }: { form: Form }) {
  const { t } = useTranslation("inclusion");
  const contexts = BARRIER_CONTEXTS.map((c) => ({ value: c, label: t(`context.${c}`) }));
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={700} size="sm" mb={4}>
        {t("form.barriers")}
      </Text>
      {form.values.barriers.length === 0 && (
        <Text size="xs" c="gray.7">
          {t("form.noBarriers")}
        </Text>
      )}
      {form.values.barriers.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a form list's rows are edited in place; their position is their identity
        <Group key={`bar-${i}`} align="flex-end" gap="xs" wrap="nowrap" data-testid="barrier-row">
          <Flex direction={{ base: "column", sm: "row" }} gap="xs" style={{ flex: 1, minWidth: 0 }}>
            <Select
              label={t("form.context")}
              data={contexts}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: "100%", sm: 170 }}
              {...form.getInputProps(`barriers.${i}.context`)}
            />
            <TextInput
              label={t("form.barrier")}
              withAsterisk
              maxLength={500}
              style={{ flex: 1 }}
              {...form.getInputProps(`barriers.${i}.description`)}
            />
          </Flex>
          <ActionIcon
            variant="subtle"
            color="red.9"
            size={36}
            aria-label={t("form.removeBarrier", { n: i + 1 })}
            onClick={() => form.removeListItem("barriers", i)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={form.values.barriers.length >= 20}
          onClick={() => form.insertListItem("barriers", { context: "classroom", description: "" })}
        >
          {t("form.addBarrier")}
        </Button>
      </Group>
    </Stack>
  );
}
