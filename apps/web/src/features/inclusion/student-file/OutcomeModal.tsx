import { CONDITIONED_OUTCOMES, type ConditionedOutcome } from "@convive/domain";
import { Radio, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { useUpdateEnrollment } from "../api/inclusion.ts";

/** Closes a conditioned enrollment with its outcome (lifted, continued, not re-enrolled): the re-enrollment reads it. */
export function OutcomeModal(props: { enrollmentId: number; studentName: string; onClose: () => void }) {
  const { t } = useTranslation("inclusion");
  const form = useForm({
    initialValues: { outcome: "" },
    validate: { outcome: (v) => (v ? null : t("outcome.pick")) },
  });
  const save = useUpdateEnrollment({ form, success: t("outcome.saved") });
  const submit = form.onSubmit((v) =>
    save.submit({ id: props.enrollmentId, outcome: v.outcome as ConditionedOutcome }, props.onClose),
  );
  return (
    <FormModal
      opened
      onClose={props.onClose}
      title={t("outcome.title", { name: props.studentName })}
      onSubmit={submit}
      save={save}
      submitLabel={t("enrollment.close")}
    >
      <Text size="sm" c="gray.7">
        {t("outcome.intro")}
      </Text>
      <Radio.Group label={t("outcome.label")} withAsterisk {...form.getInputProps("outcome")}>
        <Stack gap="sm" mt="xs">
          {CONDITIONED_OUTCOMES.map((o) => (
            <Radio key={o} value={o} label={t(`outcome.${o}`)} description={t(`outcome.help.${o}`)} />
          ))}
        </Stack>
      </Radio.Group>
    </FormModal>
  );
}
