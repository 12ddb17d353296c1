import { REFERRAL_TEXT_MAX, type Referral, UpdateReferralBody } from "@convive/domain";
import { SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useUpdateReferral } from "../api/referrals.ts";
import { DayField } from "./DayField.tsx";
import { ResponsibleSelect } from "./ResponsibleSelect.tsx";

interface Values {
  specialist: string;
  institution: string;
  contact: string;
  next_review_date: string;
  responsible_id: string | null;
  internal_notes: string;
}

/** The referral's details that change as it goes: the specialist's data, the next review, who follows it, notes. */
export function EditReferralModal({ referral: r, onClose }: { referral: Referral; onClose: () => void }) {
  const { t } = useTranslation("externalSupport");
  const form = useForm<Values>({
    initialValues: {
      specialist: r.specialist,
      institution: r.institution,
      contact: r.contact,
      next_review_date: r.next_review_date ?? "",
      responsible_id: r.responsible ? String(r.responsible.id) : null,
      internal_notes: r.internal_notes ?? "",
    },
    validate: (values) => schemaErrors(UpdateReferralBody, bodyOf(values), t),
  });
  const save = useUpdateReferral({ form, success: t("edit.saved") });

  function bodyOf(v: Values) {
    return {
      specialist: v.specialist,
      institution: v.institution,
      contact: v.contact,
      next_review_date: v.next_review_date || null,
      ...(v.responsible_id ? { responsible_id: Number(v.responsible_id) } : {}),
      internal_notes: v.internal_notes,
    };
  }

  return (
    <FormModal
      opened
      onClose={onClose}
      size="lg"
      title={t("edit.title")}
      onSubmit={form.onSubmit((values) => void save.submit({ id: r.id, ...bodyOf(values) }, onClose))}
      save={save}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t("fields.specialist")}
          required
          maxLength={150}
          data-autofocus
          {...form.getInputProps("specialist")}
        />
        <TextInput label={t("fields.institution")} maxLength={150} {...form.getInputProps("institution")} />
      </SimpleGrid>
      <TextInput label={t("fields.contact")} maxLength={200} {...form.getInputProps("contact")} />
      <DayField
        label={t("fields.nextReview")}
        description={t("new.reviewHint")}
        clearable
        clearButtonProps={{ "aria-label": t("dates.clear") }}
        minDate={r.start_date}
        {...form.getInputProps("next_review_date")}
        value={form.values.next_review_date}
        onChange={(day) => form.setFieldValue("next_review_date", day)}
      />
      <ResponsibleSelect {...form.getInputProps("responsible_id")} />
      <Textarea
        label={t("fields.internalNotes")}
        description={t("new.internalHint")}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={REFERRAL_TEXT_MAX}
        {...form.getInputProps("internal_notes")}
      />
    </FormModal>
  );
}
