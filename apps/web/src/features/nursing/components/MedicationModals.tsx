import type { StudentNursing } from "@convive/domain";
import { todayIn } from "@convive/domain/core";
import { Alert, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { SupportFilesField, type Upload, uploadedIds, uploadsSettled } from "../../external-support/index.ts";
import { useAdminister, useAuthorize } from "../api/nursing.ts";

/**
 * The family's authorisation of a medicine: given by the family in the app, or recorded by the nurse with the
 * family's signed paper (uploaded as it is chosen; the save names it and waits for it).
 */
export function AuthorizationModal({ file, onClose }: { file: StudentNursing; onClose: () => void }) {
  const { t } = useTranslation("nursing");
  const { timeZone } = useDates();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [waitUpload, setWaitUpload] = useState(false);
  const form = useForm({
    initialValues: { medicine: "", dose: "", instructions: "", valid_from: todayIn(timeZone), valid_until: "" },
    validate: {
      medicine: (v) => (v.trim() ? null : t("form.required")),
      dose: (v) => (v.trim() ? null : t("form.required")),
      valid_from: (v) => (v ? null : t("form.required")),
    },
  });
  const save = useAuthorize({ form, success: t("medication.authorized") });
  const submit = form.onSubmit((v) => {
    if (!uploadsSettled(uploads)) {
      setWaitUpload(true);
      toast("error", t("medication.waitUpload"));
      return;
    }
    setWaitUpload(false);
    const document_id = file.family ? null : (uploadedIds(uploads)[0] ?? null);
    void save.submit({ studentId: file.student.id, ...v, valid_until: v.valid_until || null, document_id }, onClose);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t(file.family ? "medication.authorizeTitle" : "medication.recordTitle", { name: file.student.name })}
      onSubmit={submit}
      save={save}
      submitLabel={file.family ? t("medication.authorize") : undefined}
    >
      <TextInput
        label={t("medication.medicine")}
        required
        maxLength={150}
        data-autofocus
        {...form.getInputProps("medicine")}
      />
      <TextInput label={t("medication.dose")} required maxLength={150} {...form.getInputProps("dose")} />
      <TextInput label={t("medication.instructions")} maxLength={500} {...form.getInputProps("instructions")} />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput type="date" label={t("medication.validFrom")} required {...form.getInputProps("valid_from")} />
        <TextInput type="date" label={t("medication.validUntil")} {...form.getInputProps("valid_until")} />
      </SimpleGrid>
      {!file.family && (
        <SupportFilesField
          label={t("medication.document")}
          hint={t("medication.documentHint")}
          max={1}
          uploads={uploads}
          onChange={setUploads}
          disabled={save.busy}
        />
      )}
      {waitUpload && !uploadsSettled(uploads) && (
        <Alert color="red" variant="light" role="alert">
          {t("medication.waitUpload")}
        </Alert>
      )}
    </FormModal>
  );
}

/** A dose given under one of the student's active authorisations. */
export function AdministerModal({ file, onClose }: { file: StudentNursing; onClose: () => void }) {
  const { t } = useTranslation("nursing");
  const active = file.authorizations.filter((a) => a.active);
  const form = useForm({
    initialValues: { authorization: active[0] ? String(active[0].id) : "", dose: active[0]?.dose ?? "", notes: "" },
    validate: {
      authorization: (v) => (v ? null : t("form.required")),
      dose: (v) => (v.trim() ? null : t("form.required")),
    },
  });
  const save = useAdminister({ form, success: t("medication.given"), fieldOf: { authorization_id: "authorization" } });
  const submit = form.onSubmit((v) =>
    save.submit(
      { studentId: file.student.id, authorization_id: Number(v.authorization), dose: v.dose, notes: v.notes },
      onClose,
    ),
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t("medication.giveTitle", { name: file.student.name })}
      onSubmit={submit}
      save={save}
    >
      <Select
        label={t("medication.authorization")}
        required
        allowDeselect={false}
        data={active.map((a) => ({ value: String(a.id), label: `${a.medicine} · ${a.dose}` }))}
        {...form.getInputProps("authorization")}
        onChange={(value) => {
          form.setFieldValue("authorization", value ?? "");
          const chosen = active.find((a) => String(a.id) === value);
          if (chosen) form.setFieldValue("dose", chosen.dose);
        }}
      />
      <TextInput label={t("medication.dose")} required maxLength={150} {...form.getInputProps("dose")} />
      <TextInput label={t("visit.notes")} maxLength={500} {...form.getInputProps("notes")} />
    </FormModal>
  );
}
