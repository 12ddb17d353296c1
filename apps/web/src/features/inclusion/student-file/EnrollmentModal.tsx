import { CONDITIONING_REASONS, type ConditionedEnrollment, type ConditioningReason } from "@convive/domain";
import { ActionIcon, Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { useCreateEnrollment, useUpdateEnrollment } from "../api/inclusion.ts";
import { DayField } from "../components/DayField.tsx";
import { splitServerErrors } from "./condition-form.ts";

const MAX_COMMITMENTS = 15;

/**
 * Opens or edits a conditioned enrollment (issue 28 §2): reasons (academic, disciplinary, economic; set when it
 * opens), details (confidential: the family does not see them), the commitments the carta compromiso prints, and
 * the review date. Needs no consent (not health data).
 */
export function EnrollmentModal(props: {
  studentId: number;
  studentName: string;
  enrollment: ConditionedEnrollment | null;
  onClose: () => void;
}) {
  const { enrollment } = props;
  const { t } = useTranslation("inclusion");
  const form = useForm({
    initialValues: {
      reasons: (enrollment?.reasons ?? []) as string[],
      details: enrollment?.details ?? "",
      commitments: enrollment?.commitments.length ? [...enrollment.commitments] : [""],
      review_date: enrollment?.review_date ?? "",
    },
    validate: {
      reasons: (v) => (v.length > 0 ? null : t("form.pickReason")),
      commitments: (v) => (v.some((c) => c.trim()) ? null : t("form.oneCommitment")),
    },
  });
  const fields = Object.keys(form.values);
  const options = {
    form,
    success: t("form.saved"),
    serverErrors: (errors: Record<string, string>) => splitServerErrors(errors, fields),
  };
  const create = useCreateEnrollment(options);
  const update = useUpdateEnrollment(options);
  const save = enrollment ? update : create;
  const submit = form.onSubmit((v) => {
    const common = {
      details: v.details.trim(),
      commitments: v.commitments.map((c) => c.trim()).filter(Boolean),
      review_date: v.review_date || null,
    };
    if (enrollment) void update.submit({ id: enrollment.id, ...common }, props.onClose);
    else
      void create.submit(
        { studentId: props.studentId, reasons: v.reasons as ConditioningReason[], ...common },
        props.onClose,
      );
  });
  return (
    <FormModal
      opened
      onClose={props.onClose}
      title={t(enrollment ? "form.editEnrollmentTitle" : "form.enrollmentTitle", { name: props.studentName })}
      onSubmit={submit}
      save={save}
      size="lg"
      closeOnClickOutside={false}
      data-testid="enrollment-modal"
    >
      <Checkbox.Group
        label={t("form.reasons")}
        description={enrollment ? t("form.reasonsFixed") : undefined}
        withAsterisk={!enrollment}
        {...form.getInputProps("reasons")}
      >
        <Group mt={6} gap="lg">
          {CONDITIONING_REASONS.map((r) => (
            <Checkbox key={r} value={r} label={t(`reason.${r}`)} disabled={!!enrollment} />
          ))}
        </Group>
      </Checkbox.Group>
      <Textarea
        label={t("form.details")}
        description={t("form.detailsHelp")}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={2000}
        {...form.getInputProps("details")}
      />
      <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
        <Text component="legend" fw={700} size="sm" mb={4}>
          {t("form.commitments")}
        </Text>
        <Text size="xs" c="gray.7">
          {t("form.commitmentsHelp")}
        </Text>
        {form.values.commitments.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a form list's rows are edited in place; their position is their identity
          <Group key={`c-${i}`} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={t("form.commitment", { n: i + 1 })}
              maxLength={300}
              style={{ flex: 1 }}
              {...form.getInputProps(`commitments.${i}`)}
            />
            <ActionIcon
              variant="subtle"
              color="red.9"
              size={36}
              disabled={form.values.commitments.length === 1}
              aria-label={t("form.removeCommitment", { n: i + 1 })}
              onClick={() => form.removeListItem("commitments", i)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {typeof form.errors.commitments === "string" && (
          <Text c="red.8" size="sm" role="alert">
            {form.errors.commitments}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={form.values.commitments.length >= MAX_COMMITMENTS}
            onClick={() => form.insertListItem("commitments", "")}
          >
            {t("form.addCommitment")}
          </Button>
        </Group>
      </Stack>
      <DayField
        label={t("form.review")}
        clearable
        maw={260}
        {...form.getInputProps("review_date")}
        value={form.values.review_date}
        onChange={(day) => form.setFieldValue("review_date", day)}
      />
    </FormModal>
  );
}
