import { CompleteStepBody, PROTOCOL_LIMITS, WaiveStepBody } from "@convive/domain";
import { localizedName } from "@convive/domain/core";
import { FileInput, Select, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { staffSource } from "./ActionForm.tsx";
import { useStaff } from "./api.ts";
import { DetailModal, LoadingModal } from "./DetailModal.tsx";
import { type ProtocolStep, useCompleteStep, useReassignStep, useWaiveStep } from "./protocol-api.ts";
import type { DetailView } from "./view.ts";

interface StepDialogProps {
  kind: "complete" | "waive";
  step: ProtocolStep;
  view: DetailView;
  onClose: () => void;
}

/** Completes a step with a note and optional evidence, or waives it with a reason (issue 30 §2). */
export function StepDialog({ kind, step, view, onClose }: StepDialogProps) {
  const { t } = useTranslation("incidentDetails");
  const complete = kind === "complete";
  const form = useForm({
    initialValues: { note: "", reason: "", files: [] as File[] },
    validate: (v) =>
      complete
        ? schemaErrors(CompleteStepBody, { note: v.note }, t)
        : schemaErrors(WaiveStepBody, { reason: v.reason }, t),
  });
  const completing = useCompleteStep(view.incident.id, step.id, { form });
  const waiving = useWaiveStep(view.incident.id, step.id, { form });
  const save = complete ? completing : waiving;
  return (
    <DetailModal
      opened
      onClose={onClose}
      title={t(complete ? "protocol.completeTitle" : "protocol.waiveTitle")}
      onSubmit={form.onSubmit((v) =>
        complete
          ? completing.submit({ note: v.note, files: v.files }, onClose)
          : waiving.submit({ reason: v.reason }, onClose),
      )}
      busy={save.busy}
      failure={save.failure}
      submitLabel={t(complete ? "protocol.complete" : "protocol.waive")}
      danger={!complete}
    >
      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
        {step.position}. {localizedName(step, view.lang)}
      </Text>
      {!complete && (
        <Text size="sm" c="dimmed">
          {t("protocol.waiveIntro")}
        </Text>
      )}
      <Textarea
        label={t(complete ? "protocol.note" : "protocol.reason")}
        description={complete ? t("protocol.noteHint") : undefined}
        required
        autosize
        minRows={3}
        maxLength={complete ? PROTOCOL_LIMITS.noteMax : PROTOCOL_LIMITS.reasonMax}
        data-autofocus
        {...form.getInputProps(complete ? "note" : "reason")}
      />
      {complete && (
        <FileInput
          label={t("protocol.files")}
          description={t("protocol.filesHint")}
          multiple
          clearable
          {...form.getInputProps("files")}
        />
      )}
    </DetailModal>
  );
}

/** Gives a pending step another responsible among the school's staff. */
export function ReassignStepDialog({ step, view, onClose }: Omit<StepDialogProps, "kind">) {
  const { t } = useTranslation("incidentDetails");
  const staff = useStaff(view.incident.id, staffSource(view.permissions));
  const form = useForm({
    initialValues: { responsible_id: step.responsible ? String(step.responsible.id) : "" },
    validate: { responsible_id: (v) => (v ? null : t("protocol.pickSomeone")) },
  });
  const save = useReassignStep(view.incident.id, step.id, { form });
  if (staff.isLoading) return <LoadingModal title={t("protocol.reassignTitle")} onClose={onClose} />;
  const people = new Map((staff.data ?? []).map((p) => [p.id, p.name]));
  if (step.responsible) people.set(step.responsible.id, step.responsible.name);
  return (
    <DetailModal
      opened
      onClose={onClose}
      title={t("protocol.reassignTitle")}
      onSubmit={form.onSubmit((v) => save.submit({ responsible_id: Number(v.responsible_id) }, onClose))}
      busy={save.busy}
      failure={save.failure}
      submitLabel={t("protocol.reassign")}
    >
      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
        {step.position}. {localizedName(step, view.lang)}
      </Text>
      <Select
        label={t("protocol.responsibleLabel")}
        required
        searchable
        data={[...people].map(([id, name]) => ({ value: String(id), label: name }))}
        nothingFoundMessage={t("actionForm.nobody")}
        {...form.getInputProps("responsible_id")}
      />
    </DetailModal>
  );
}
