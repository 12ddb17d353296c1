import { CloseIncidentBody, ReasonBody } from "@convive/domain";
import { INCIDENT_LIMITS } from "@convive/domain/core";
import { Alert, Checkbox, List, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { pendingActions } from "./actions.ts";
import { useChangeStatus } from "./api.ts";
import { ActionStateBadge } from "./Badges.tsx";
import { DetailModal } from "./DetailModal.tsx";
import type { DetailView } from "./view.ts";

export type StatusKind = "close" | "cancel" | "reopen";

interface Values {
  text: string;
  waive: boolean;
}

/**
 * Close (closing note; pending formative actions must be waived explicitly), cancel (reason) or reopen
 * (Director; reason). The text typed stays when the server refuses.
 */
export function StatusDialog({ kind, view, onClose }: { kind: StatusKind; view: DetailView; onClose: () => void }) {
  const { t } = useTranslation("incidentDetails");
  const { incident } = view;
  const pending = kind === "close" ? pendingActions(incident.formative_actions) : [];
  const form = useForm<Values>({
    initialValues: { text: "", waive: false },
    validate: (v) => {
      const errors =
        kind === "close"
          ? schemaErrors(CloseIncidentBody, { closing_note: v.text, waive_pending_actions: v.waive }, t)
          : schemaErrors(ReasonBody, { reason: v.text }, t);
      const out: Record<string, string> = {};
      const textError = errors.closing_note ?? errors.reason;
      // Empty: say which text is missing (the note, the reason), not the generic "fill in the empty fields".
      if (textError) out.text = v.text.trim() === "" ? t(`status.${kind}.missing`) : textError;
      if (pending.length > 0 && !v.waive) out.waive = t("status.waiveRequired");
      return out;
    },
  });
  const submit = useChangeStatus(incident.id, {
    form,
    fieldOf: { closing_note: "text", reason: "text", waive_pending_actions: "waive" },
  });

  const onSubmit = form.onSubmit((v) =>
    submit.submit(
      kind === "close"
        ? { kind, closing_note: v.text, waive_pending_actions: pending.length > 0 && v.waive }
        : { kind, reason: v.text },
      onClose,
    ),
  );

  return (
    <DetailModal
      opened
      onClose={onClose}
      title={t(`status.${kind}.title`, { folio: incident.folio })}
      onSubmit={onSubmit}
      busy={submit.busy}
      failure={submit.failure}
      submitLabel={t(`status.${kind}.submit`)}
      danger={kind === "cancel"}
    >
      <Text size="sm">{t(`status.${kind}.intro`)}</Text>
      <Textarea
        label={t(`status.${kind}.label`)}
        description={t(`status.${kind}.hint`)}
        required
        autosize
        minRows={3}
        maxRows={10}
        maxLength={INCIDENT_LIMITS.noteMax}
        data-autofocus
        {...form.getInputProps("text")}
      />
      {pending.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t("status.pendingTitle", { count: pending.length })}
          styles={{ title: { color: "#8a3100" }, message: { color: "var(--mantine-color-text)" } }}
        >
          <List size="sm" spacing={6} mb="sm">
            {pending.map((a) => (
              <List.Item key={a.id}>
                <Text size="sm" span style={{ overflowWrap: "anywhere" }}>
                  {a.guideline}
                </Text>{" "}
                <Text size="sm" span c="dimmed">
                  — {a.student.name ?? t("incidents:otherStudent")} · {a.responsible.name}
                </Text>{" "}
                <ActionStateBadge state={a.state} />
              </List.Item>
            ))}
          </List>
          <Checkbox
            label={t("status.waiveLabel")}
            description={t("status.waiveHint")}
            {...form.getInputProps("waive", { type: "checkbox" })}
          />
        </Alert>
      )}
    </DetailModal>
  );
}
