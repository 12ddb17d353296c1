import { CreateReferralBody, REFERRAL_TEXT_MAX } from "@convive/domain";
import { todayIn } from "@convive/domain/core";
import { Alert, Button, Group, Modal, Select, SimpleGrid, Skeleton, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useSchoolTimeZone } from "../../../lib/school-information.ts";
import { toast } from "../../../lib/toast.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useTrainerTypes } from "../api/options.ts";
import { useCreateReferral, useStudentReferrals } from "../api/referrals.ts";
import { ConsentNotice } from "./ConsentNotice.tsx";
import { DayField } from "./DayField.tsx";
import { ResponsibleSelect } from "./ResponsibleSelect.tsx";
import { type ReferralValues, referralBody } from "./referral-body.ts";
import { SupportFilesField, type Upload, uploadedIds, uploadsSettled } from "./SupportFilesField.tsx";

export interface NewReferralProps {
  student: { id: number; name: string };
  /** The incident the referral comes from (incident details), kept with it. */
  incidentId?: number | null;
  onClose: () => void;
  /** The referral just opened (the opener may show it). */
  onCreated?: (id: number) => void;
}

/**
 * "Nueva canalización" (issue 28 §1): refers a student to an external specialist. Mounted while open, so every
 * opening starts clean. The family's express consent is asked first: without it the form explains why (the
 * server's reason) and where the family grants it, and Save stays off (the server refuses too).
 */
export function NewReferralModal(props: NewReferralProps) {
  const { t } = useTranslation("externalSupport");
  const phone = useIsPhone();
  const referrals = useStudentReferrals(props.student.id);
  return (
    <Modal
      opened
      onClose={props.onClose}
      size="lg"
      radius="lg"
      fullScreen={phone}
      title={t("new.title", { name: props.student.name })}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)", overflowWrap: "anywhere" } }}
    >
      {referrals.data ? (
        <ReferralForm {...props} consentGranted={referrals.data.consent_granted} />
      ) : referrals.isError ? (
        <Alert color="red" variant="light" role="alert">
          {referrals.error.message}
        </Alert>
      ) : (
        <Skeleton h={320} radius="md" role="status" aria-busy="true" aria-label={t("common:loading")} />
      )}
    </Modal>
  );
}

function ReferralForm({
  student,
  incidentId,
  onClose,
  onCreated,
  consentGranted,
}: NewReferralProps & { consentGranted: boolean }) {
  const { t } = useTranslation("externalSupport");
  const today = todayIn(useSchoolTimeZone());
  const me = useCurrentUser().data?.id ?? null;
  const types = useTrainerTypes();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [waitUploads, setWaitUploads] = useState(false);
  const form = useForm<ReferralValues>({
    initialValues: {
      trainer_type_id: null,
      specialist: "",
      institution: "",
      contact: "",
      reason: "",
      start_date: today,
      next_review_date: "",
      responsible_id: me === null ? null : String(me),
      internal_notes: "",
    },
    validate: (values) => {
      const errors = schemaErrors(CreateReferralBody, bodyOf(values), t);
      if (values.next_review_date && values.start_date && values.next_review_date < values.start_date) {
        errors.next_review_date = t("new.reviewBeforeStart");
      }
      return errors;
    },
  });
  const save = useCreateReferral({ form, success: t("new.saved") });
  const bodyOf = (values: ReferralValues) => referralBody(values, uploadedIds(uploads)[0] ?? null, incidentId ?? null);

  const submit = form.onSubmit((values) => {
    if (!consentGranted) return;
    if (!uploadsSettled(uploads)) {
      setWaitUploads(true);
      toast("error", t("files.wait"));
      return;
    }
    setWaitUploads(false);
    const body = { ...bodyOf(values), trainer_type_id: Number(values.trainer_type_id) };
    void save.submit({ studentId: student.id, ...body }, (created) => {
      onClose();
      onCreated?.(created.id);
    });
  });

  const options = (types.data ?? []).filter((x) => x.active).map((x) => ({ value: String(x.id), label: x.label }));
  const off = !consentGranted;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {!consentGranted && <ConsentNotice studentId={student.id} />}
        {save.failure && (
          <Alert color="red" variant="light" role="alert">
            {save.failure}
          </Alert>
        )}
        <Select
          label={t("fields.type")}
          placeholder={t("new.typePlaceholder")}
          required
          searchable
          data={options}
          disabled={off}
          data-autofocus={consentGranted || undefined}
          comboboxProps={{ withinPortal: true }}
          nothingFoundMessage={t("new.noTypes")}
          error={types.isError ? types.error.message : undefined}
          {...form.getInputProps("trainer_type_id")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t("fields.specialist")}
            required
            maxLength={150}
            disabled={off}
            {...form.getInputProps("specialist")}
          />
          <TextInput
            label={t("fields.institution")}
            maxLength={150}
            disabled={off}
            {...form.getInputProps("institution")}
          />
        </SimpleGrid>
        <TextInput
          label={t("fields.contact")}
          description={t("new.contactHint")}
          maxLength={200}
          disabled={off}
          {...form.getInputProps("contact")}
        />
        <Textarea
          label={t("fields.reason")}
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REFERRAL_TEXT_MAX}
          disabled={off}
          {...form.getInputProps("reason")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DayField
            label={t("fields.startDate")}
            required
            disabled={off}
            {...form.getInputProps("start_date")}
            value={form.values.start_date}
            onChange={(day) => form.setFieldValue("start_date", day)}
          />
          <DayField
            label={t("fields.nextReview")}
            description={t("new.reviewHint")}
            clearable
            clearButtonProps={{ "aria-label": t("dates.clear") }}
            minDate={form.values.start_date || undefined}
            disabled={off}
            {...form.getInputProps("next_review_date")}
            value={form.values.next_review_date}
            onChange={(day) => form.setFieldValue("next_review_date", day)}
          />
        </SimpleGrid>
        <ResponsibleSelect disabled={off} {...form.getInputProps("responsible_id")} />
        <Textarea
          label={t("fields.internalNotes")}
          description={t("new.internalHint")}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={REFERRAL_TEXT_MAX}
          disabled={off}
          {...form.getInputProps("internal_notes")}
        />
        <SupportFilesField
          label={t("fields.consentDocument")}
          hint={t("new.consentDocumentHint")}
          max={1}
          uploads={uploads}
          onChange={setUploads}
          disabled={off || save.busy}
        />
        {waitUploads && !uploadsSettled(uploads) && (
          <Alert color="red" variant="light" role="alert">
            {t("files.wait")}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={save.busy}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={save.busy} disabled={off}>
            {t("new.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
