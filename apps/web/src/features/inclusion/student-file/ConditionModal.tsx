import { type Condition, todayIn } from "@convive/domain";
import { Button, Checkbox, Group, Select, Stack, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { useSchoolTimeZone } from "../../../lib/school-information.ts";
import { useCreateCondition, useUpdateCondition } from "../api/inclusion.ts";
import { useConditionTypes } from "../api/types.ts";
import { DayField } from "../components/DayField.tsx";
import { DocumentsField, type Upload, uploadedIds, uploadsSettled } from "../components/DocumentsField.tsx";
import { FileButtons } from "../components/FileButtons.tsx";
import { AdjustmentsEditor, BarriersEditor } from "./ConditionLists.tsx";
import { ConsentMissing } from "./ConsentMissing.tsx";
import { conditionBody, conditionValues, splitServerErrors } from "./condition-form.ts";

const MAX_DOCUMENTS = 5;

/**
 * Records or edits a student's condition (issue 28 §2): type, description (confidential), reasonable adjustments
 * with who applies them and since when, barriers by context, USAER support, review date, internal notes and
 * documents. A new condition needs the family's disability consent: without it the form says why and where the
 * family grants it, and does not save (the server refuses too: CONSENT_MISSING_DISABILITY).
 */
export function ConditionModal(props: {
  studentId: number;
  studentName: string;
  /** The condition to edit; null records a new one. */
  condition: Condition | null;
  consentGranted: boolean;
  onClose: () => void;
}) {
  const { condition } = props;
  const { t } = useTranslation("inclusion");
  const types = useConditionTypes();
  const today = todayIn(useSchoolTimeZone());
  const [uploads, setUploads] = useState<Upload[]>([]);
  const required = (v: string) => (v.trim() ? null : t("form.required"));
  const form = useForm({
    initialValues: conditionValues(condition, today),
    validate: {
      condition_type_id: (v) => (v ? null : t("form.required")),
      adjustments: { description: required, applied_by: required, since: required },
      barriers: { description: required },
    },
  });
  const fields = Object.keys(form.values);
  const saveOptions = {
    form,
    success: t("form.saved"),
    serverErrors: (errors: Record<string, string>) => splitServerErrors(errors, fields),
  };
  const create = useCreateCondition(saveOptions);
  const update = useUpdateCondition(saveOptions);
  const save = condition ? update : create;
  const blocked = !condition && !props.consentGranted;
  const existing = condition?.documents ?? [];

  const submit = form.onSubmit((v) => {
    if (blocked || !uploadsSettled(uploads)) return;
    const body = conditionBody(v, uploadedIds(uploads));
    if (condition) {
      const { document_ids, ...rest } = body;
      void update.submit(
        { id: condition.id, ...rest, ...(document_ids.length ? { document_ids } : {}) },
        props.onClose,
      );
    } else void create.submit({ studentId: props.studentId, ...body }, props.onClose);
  });

  const options = (types.data ?? [])
    .filter((type) => type.active || type.id === condition?.type.id)
    .map((type) => ({ value: String(type.id), label: type.label }));
  const pending = !uploadsSettled(uploads);
  return (
    <FormModal
      opened
      onClose={props.onClose}
      title={t(condition ? "form.editConditionTitle" : "form.conditionTitle", { name: props.studentName })}
      onSubmit={blocked ? undefined : submit}
      save={{ busy: save.busy || pending, failure: save.failure }}
      submitLabel={pending ? t("files.waiting") : undefined}
      size="xl"
      closeOnClickOutside={false}
      data-testid="condition-modal"
    >
      {blocked && <ConsentMissing studentId={props.studentId} onLeave={props.onClose} />}
      <fieldset disabled={blocked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="md">
          <Select
            label={t("form.type")}
            withAsterisk
            data={options}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            maw={360}
            {...form.getInputProps("condition_type_id")}
          />
          <Textarea
            label={t("form.description")}
            description={t("form.descriptionHelp")}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={2000}
            {...form.getInputProps("description")}
          />
          <AdjustmentsEditor form={form} today={today} />
          <BarriersEditor form={form} />
          <Stack gap="xs">
            <Checkbox label={t("form.usaer")} {...form.getInputProps("usaer_support", { type: "checkbox" })} />
            {form.values.usaer_support && (
              <Textarea
                label={t("form.usaerNotes")}
                autosize
                minRows={1}
                maxLength={2000}
                {...form.getInputProps("usaer_notes")}
              />
            )}
          </Stack>
          <DayField
            label={t("form.review")}
            description={t("form.reviewHelp")}
            clearable
            maw={260}
            {...form.getInputProps("review_date")}
            value={form.values.review_date}
            onChange={(day) => form.setFieldValue("review_date", day)}
          />
          <Textarea
            label={t("form.internal")}
            description={t("form.internalHelp")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            {...form.getInputProps("internal_notes")}
          />
          {existing.length > 0 && <FileButtons files={existing} />}
          <DocumentsField
            label={t("form.documents")}
            hint={t("form.documentsHelp", { max: MAX_DOCUMENTS })}
            max={MAX_DOCUMENTS - existing.length}
            uploads={uploads}
            onChange={setUploads}
            disabled={save.busy}
          />
        </Stack>
      </fieldset>
      {blocked && (
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={props.onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button disabled>{t("common:actions.save")}</Button>
        </Group>
      )}
    </FormModal>
  );
}
