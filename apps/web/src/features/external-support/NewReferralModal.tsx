import { todayIn } from "@convive/domain";
import { Alert, Select, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../components/FormModal.tsx";
import { useCreateReferral, useTrainerTypes } from "./api.ts";

const ymd = (d: string) => (d.trim() === "" ? null : d);

/**
 * Refers a student to an external specialist (issue 28 §1): trainer type, specialist, contact, reason, start and
 * review dates, internal notes. Without the family's external-support consent the form says so and saves nothing
 * (the family grants it in the Consent tab; the server refuses too).
 */
export function NewReferralModal(props: {
  studentId: number;
  studentName: string;
  consentGranted: boolean;
  incidentId?: number | null;
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  const { t } = useTranslation("externalSupport");
  const types = useTrainerTypes();
  const form = useForm({
    initialValues: {
      trainer_type_id: null as string | null,
      specialist: "",
      institution: "",
      contact: "",
      reason: "",
      start_date: todayIn("America/Mexico_City"),
      next_review_date: "",
      internal_notes: "",
    },
    validate: {
      trainer_type_id: (v) => (v ? null : t("form.required")),
      specialist: (v) => (v.trim() ? null : t("form.required")),
      reason: (v) => (v.trim() ? null : t("form.required")),
      start_date: (v) => (v ? null : t("form.required")),
    },
  });
  const save = useCreateReferral({ form, success: t("form.created") });
  const submit = form.onSubmit((v) =>
    save.submit(
      {
        studentId: props.studentId,
        trainer_type_id: Number(v.trainer_type_id),
        specialist: v.specialist,
        institution: v.institution,
        contact: v.contact,
        reason: v.reason,
        start_date: ymd(v.start_date)!,
        next_review_date: ymd(v.next_review_date),
        responsible_id: null,
        internal_notes: v.internal_notes,
        consent_document_id: null,
        incident_id: props.incidentId ?? null,
      },
      (created) => {
        props.onCreated?.(created.id);
        props.onClose();
      },
    ),
  );
  const options = (types.data ?? []).filter((x) => x.active).map((x) => ({ value: String(x.id), label: x.label }));
  return (
    <FormModal
      opened
      onClose={props.onClose}
      title={t("form.title", { name: props.studentName })}
      onSubmit={props.consentGranted ? submit : (e) => e?.preventDefault()}
      save={save}
      submitLabel={t("form.submit")}
      size="lg"
    >
      {!props.consentGranted && (
        <Alert color="yellow" variant="light" role="status" data-testid="referral-consent-missing">
          {t("form.consentMissing")}
        </Alert>
      )}
      <Select label={t("form.type")} data={options} withAsterisk {...form.getInputProps("trainer_type_id")} />
      <TextInput label={t("form.specialist")} withAsterisk maxLength={150} {...form.getInputProps("specialist")} />
      <TextInput label={t("form.institution")} maxLength={150} {...form.getInputProps("institution")} />
      <TextInput label={t("form.contact")} maxLength={200} {...form.getInputProps("contact")} />
      <Textarea
        label={t("form.reason")}
        withAsterisk
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps("reason")}
      />
      <TextInput type="date" label={t("form.start")} withAsterisk {...form.getInputProps("start_date")} />
      <TextInput
        type="date"
        label={t("form.review")}
        description={t("form.reviewHelp")}
        {...form.getInputProps("next_review_date")}
      />
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
