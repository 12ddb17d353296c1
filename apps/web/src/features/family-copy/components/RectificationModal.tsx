import { RECTIFICATION_DUE_DAYS, type RectificationSubject } from "@convive/domain";
import { Radio, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { useRequestRectification } from "../api/family-copy.ts";

interface Values {
  subject: RectificationSubject;
  current: string;
  requested: string;
}

/** The family's request to correct data (issue 30 §3): whose data, what is wrong, what it should say. */
export function RectificationModal({ studentId, onClose }: { studentId: number; onClose: () => void }) {
  const { t } = useTranslation("familyCopy");
  const form = useForm<Values>({
    initialValues: { subject: "child", current: "", requested: "" },
    validate: {
      current: (v) => (v.trim() ? null : t("rectify.required")),
      requested: (v) => (v.trim() ? null : t("rectify.required")),
    },
  });
  const save = useRequestRectification({ form, success: t("rectify.sent", { days: RECTIFICATION_DUE_DAYS }) });
  const submit = form.onSubmit((v) => void save.submit({ studentId, ...v }, onClose));
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t("rectify.title")}
      onSubmit={submit}
      save={save}
      submitLabel={t("rectify.submit")}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t("rectify.due", { days: RECTIFICATION_DUE_DAYS })}
        </Text>
        <Radio.Group label={t("rectify.subject")} {...form.getInputProps("subject")}>
          <Stack gap={6} mt={4}>
            <Radio value="child" label={t("rectify.child")} />
            <Radio value="own" label={t("rectify.own")} />
          </Stack>
        </Radio.Group>
        <Textarea
          label={t("rectify.current")}
          withAsterisk
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps("current")}
        />
        <Textarea
          label={t("rectify.requested")}
          withAsterisk
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps("requested")}
        />
      </Stack>
    </FormModal>
  );
}
