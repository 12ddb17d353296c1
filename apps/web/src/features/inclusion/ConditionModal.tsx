import { ADJUSTMENT_KINDS, BARRIER_CONTEXTS, todayIn } from "@convive/domain";
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../components/FormModal.tsx";
import { useConditionTypes, useCreateCondition } from "./api.ts";

type Kind = (typeof ADJUSTMENT_KINDS)[number];
type Context = (typeof BARRIER_CONTEXTS)[number];

/**
 * Records a student's condition (issue 28 §2): type, description (confidential), barriers by context, reasonable
 * adjustments with who applies them and since when, USAER support, review date. Without the family's disability
 * consent the form says so and saves nothing (the family grants it in the Consent tab; the server refuses too).
 */
export function ConditionModal(props: {
  studentId: number;
  studentName: string;
  consentGranted: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("inclusion");
  const types = useConditionTypes();
  const today = todayIn("America/Mexico_City");
  const form = useForm({
    initialValues: {
      condition_type_id: null as string | null,
      description: "",
      barriers: [] as { context: Context; description: string }[],
      adjustments: [{ kind: "access" as Kind, description: "", applied_by: "", since: today }],
      usaer_support: false,
      usaer_notes: "",
      review_date: "",
      internal_notes: "",
    },
    validate: {
      condition_type_id: (v) => (v ? null : t("form.required")),
      adjustments: {
        description: (v) => (v.trim() ? null : t("form.required")),
        applied_by: (v) => (v.trim() ? null : t("form.required")),
      },
      barriers: { description: (v) => (v.trim() ? null : t("form.required")) },
    },
  });
  const save = useCreateCondition({ form, success: t("form.saved") });
  const submit = form.onSubmit((v) =>
    save.submit(
      {
        studentId: props.studentId,
        condition_type_id: Number(v.condition_type_id),
        description: v.description,
        barriers: v.barriers,
        adjustments: v.adjustments,
        usaer_support: v.usaer_support,
        usaer_notes: v.usaer_notes,
        review_date: v.review_date || null,
        internal_notes: v.internal_notes,
        document_ids: [],
      },
      props.onClose,
    ),
  );
  const kinds = ADJUSTMENT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }));
  const contexts = BARRIER_CONTEXTS.map((c) => ({ value: c, label: t(`context.${c}`) }));
  return (
    <FormModal
      opened
      onClose={props.onClose}
      title={t("form.conditionTitle", { name: props.studentName })}
      onSubmit={props.consentGranted ? submit : (e) => e?.preventDefault()}
      save={save}
      size="lg"
    >
      {!props.consentGranted && (
        <Alert color="yellow" variant="light" role="status" data-testid="condition-consent-missing">
          {t("form.consentMissing")}
        </Alert>
      )}
      <Select
        label={t("form.type")}
        withAsterisk
        data={(types.data ?? []).filter((x) => x.active).map((x) => ({ value: String(x.id), label: x.label }))}
        {...form.getInputProps("condition_type_id")}
      />
      <Textarea
        label={t("form.description")}
        description={t("form.descriptionHelp")}
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps("description")}
      />
      <Text fw={600} mt="xs">
        {t("form.adjustments")}
      </Text>
      {form.values.adjustments.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a form list's rows are edited in place; their position is their identity
        <Paper key={`adj-${i}`} withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Select
                label={t("form.kind")}
                data={kinds}
                allowDeselect={false}
                {...form.getInputProps(`adjustments.${i}.kind`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("form.removeAdjustment", { n: i + 1 })}
                onClick={() => form.removeListItem("adjustments", i)}
              >
                <IconTrash size={16} aria-hidden />
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
            <Group grow wrap="wrap">
              <TextInput
                label={t("form.appliedBy")}
                withAsterisk
                maxLength={150}
                {...form.getInputProps(`adjustments.${i}.applied_by`)}
              />
              <TextInput type="date" label={t("form.since")} {...form.getInputProps(`adjustments.${i}.since`)} />
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
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
      <Text fw={600} mt="xs">
        {t("form.barriers")}
      </Text>
      {form.values.barriers.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a form list's rows are edited in place; their position is their identity
        <Group key={`bar-${i}`} align="flex-end" wrap="nowrap">
          <Select
            label={t("form.context")}
            data={contexts}
            allowDeselect={false}
            w={150}
            {...form.getInputProps(`barriers.${i}.context`)}
          />
          <TextInput
            label={t("form.barrier")}
            style={{ flex: 1 }}
            maxLength={500}
            {...form.getInputProps(`barriers.${i}.description`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={6}
            aria-label={t("form.removeBarrier", { n: i + 1 })}
            onClick={() => form.removeListItem("barriers", i)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem("barriers", { context: "classroom", description: "" })}
        >
          {t("form.addBarrier")}
        </Button>
      </Group>
      <Checkbox mt="xs" label={t("form.usaer")} {...form.getInputProps("usaer_support", { type: "checkbox" })} />
      {form.values.usaer_support && (
        <TextInput label={t("form.usaerNotes")} maxLength={2000} {...form.getInputProps("usaer_notes")} />
      )}
      <TextInput type="date" label={t("form.review")} {...form.getInputProps("review_date")} />
      <Textarea
        label={t("form.internal")}
        description={t("form.internalHelp")}
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps("internal_notes")}
      />
    </FormModal>
  );
}
