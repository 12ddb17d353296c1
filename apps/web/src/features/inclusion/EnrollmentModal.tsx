import { CONDITIONING_REASONS } from "@convive/domain";
import { Button, Checkbox, Group, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../components/FormModal.tsx";
import { useCreateEnrollment } from "./api.ts";

/** Opens a conditioned enrollment (issue 28 §2): reasons, details (confidential), commitments, review date. */
export function EnrollmentModal(props: { studentId: number; studentName: string; onClose: () => void }) {
  const { t } = useTranslation("inclusion");
  const form = useForm({
    initialValues: { reasons: [] as string[], details: "", commitments: [""], review_date: "" },
    validate: {
      reasons: (v) => (v.length > 0 ? null : t("form.required")),
      commitments: (v) => (v.some((c) => c.trim()) ? null : t("form.required")),
    },
  });
  const save = useCreateEnrollment({ form, success: t("form.saved") });
  const submit = form.onSubmit((v) =>
    save.submit(
      {
        studentId: props.studentId,
        reasons: v.reasons as (typeof CONDITIONING_REASONS)[number][],
        details: v.details,
        commitments: v.commitments.map((c) => c.trim()).filter(Boolean),
        review_date: v.review_date || null,
      },
      props.onClose,
    ),
  );
  const commitment = (i: number) => ({
    label: t("form.commitment", { n: i + 1 }),
    maxLength: 300,
    ...form.getInputProps(`commitments.${i}`),
  });
  return (
    <FormModal
      opened
      onClose={props.onClose}
      title={t("form.enrollmentTitle", { name: props.studentName })}
      onSubmit={submit}
      save={save}
    >
      <Checkbox.Group label={t("form.reasons")} withAsterisk {...form.getInputProps("reasons")}>
        <Group mt={4}>
          {CONDITIONING_REASONS.map((r) => (
            <Checkbox key={r} value={r} label={t(`reason.${r}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Textarea
        label={t("form.details")}
        description={t("form.internalHelp")}
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps("details")}
      />
      {form.values.commitments.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a form list's rows are edited in place; their position is their identity
        <TextInput key={`c-${i}`} {...commitment(i)} />
      ))}
      {form.errors.commitments && (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.commitments}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem("commitments", "")}
        >
          {t("form.addCommitment")}
        </Button>
      </Group>
      <TextInput type="date" label={t("form.review")} {...form.getInputProps("review_date")} />
    </FormModal>
  );
}
