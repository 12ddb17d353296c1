import { type FormativeAction, WaiveBody } from "@convive/domain";
import { INCIDENT_LIMITS } from "@convive/domain/core";
import { Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useWaiveAction } from "./api.ts";
import { DetailModal } from "./DetailModal.tsx";
import type { DetailView } from "./view.ts";

/** Waives a pending formative action with a reason (it no longer holds the incident open). */
export function WaiveDialog({
  action,
  view,
  onClose,
}: {
  action: FormativeAction;
  view: DetailView;
  onClose: () => void;
}) {
  const { t } = useTranslation("incidentDetails");
  const form = useForm({
    initialValues: { reason: "" },
    validate: (v) => schemaErrors(WaiveBody, v, t),
  });
  const submit = useWaiveAction(view.incident.id, action.id, { form });
  return (
    <DetailModal
      opened
      onClose={onClose}
      title={t("waive.title")}
      onSubmit={form.onSubmit((v) => submit.submit(v.reason, onClose))}
      busy={submit.busy}
      failure={submit.failure}
      submitLabel={t("waive.submit")}
      danger
    >
      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
        {action.guideline}
      </Text>
      <Text size="sm" c="dimmed">
        {t("waive.intro", { name: action.student.name ?? t("incidents:otherStudent") })}
      </Text>
      <Textarea
        label={t("waive.reason")}
        required
        autosize
        minRows={3}
        maxLength={INCIDENT_LIMITS.noteMax}
        data-autofocus
        {...form.getInputProps("reason")}
      />
    </DetailModal>
  );
}
