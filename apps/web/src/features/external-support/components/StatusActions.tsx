import { REFERRAL_TEXT_MAX, type Referral } from "@convive/domain";
import { Alert, Button, Group, Paper, Stack, Textarea } from "@mantine/core";
import { IconCircleCheck, IconEdit, IconPlayerPlay } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useUpdateReferral } from "../api/referrals.ts";
import { EditReferralModal } from "./EditReferralModal.tsx";

/**
 * What staff who may edit do with the referral: start it (requested → in progress), close it with its outcome
 * (required: the server refuses REFERRAL_OUTCOME_REQUIRED too) and edit its details.
 */
export function StatusActions({ referral: r }: { referral: Referral }) {
  const { t } = useTranslation("externalSupport");
  const phone = useIsPhone();
  const [closing, setClosing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState("");
  const [error, setError] = useState<string | null>(null);
  const start = useUpdateReferral({ success: t("status.started") });
  const close = useUpdateReferral({ success: t("status.closedDone") });
  const confirmClose = () => {
    if (!outcome.trim()) {
      setError(t("status.outcomeRequired"));
      return;
    }
    setError(null);
    void close.submit({ id: r.id, status: "closed", outcome: outcome.trim() }, () => setClosing(false));
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" grow={phone}>
        {r.status === "requested" && (
          <Button
            variant="light"
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            loading={start.busy}
            onClick={() => void start.submit({ id: r.id, status: "in_progress" })}
          >
            {t("status.start")}
          </Button>
        )}
        {!closing && (
          <Button
            variant="default"
            leftSection={<IconCircleCheck size={18} aria-hidden />}
            onClick={() => setClosing(true)}
          >
            {t("status.close")}
          </Button>
        )}
        <Button variant="default" leftSection={<IconEdit size={18} aria-hidden />} onClick={() => setEditing(true)}>
          {t("edit.button")}
        </Button>
      </Group>
      {start.failure && (
        <Alert color="red" variant="light" role="alert">
          {start.failure}
        </Alert>
      )}
      {closing && (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            {close.failure && (
              <Alert color="red" variant="light" role="alert">
                {close.failure}
              </Alert>
            )}
            <Textarea
              label={t("fields.outcome")}
              description={t("status.outcomeHint")}
              required
              autosize
              minRows={2}
              maxRows={6}
              maxLength={REFERRAL_TEXT_MAX}
              value={outcome}
              error={error}
              data-autofocus
              onChange={(e) => {
                setOutcome(e.currentTarget.value);
                if (error) setError(null);
              }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setClosing(false)} disabled={close.busy}>
                {t("common:actions.cancel")}
              </Button>
              <Button color="red.8" loading={close.busy} onClick={confirmClose}>
                {t("status.confirmClose")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {editing && <EditReferralModal referral={r} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
