import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type ReactNode, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../lib/toast.ts";

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** Red for what takes something away (deactivate, delete) or cannot be undone. */
  danger?: boolean;
  busy?: boolean;
  /** The server's refusal: shown in the dialog, which then only offers Close. */
  reason?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks once before an action that removes something or changes who can sign in. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  danger,
  busy,
  reason,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} radius="lg" centered>
      <Stack gap="md">
        {typeof message === "string" ? <Text size="sm">{message}</Text> : message}
        {reason && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {reason}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {reason ? t("actions.close") : t("actions.cancel")}
          </Button>
          {!reason && (
            <Button color={danger ? "red.8" : undefined} onClick={onConfirm} loading={busy} data-autofocus>
              {confirmLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Runs on confirm (a save's bare call, `useSave(...).run`); a throw keeps the dialog open with the reason. */
  action: () => Promise<unknown>;
  /** Toasts after success and failure (default: the spec's delete messages). */
  successMessage?: string;
  failureMessage?: string;
}

/**
 * One confirmation dialog per screen, asked with `ask({...})`. When the server refuses — in use, a head teacher's
 * group, a closed year — its reason stays in the dialog, next to the 'Error deleting' toast.
 */
export function useConfirm() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [opened, setOpened] = useState(false);
  // The action is itself a save (`useSave`'s run: key, invalidation); the dialog only shows its progress.
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState<string | null>(null);

  const ask = useCallback((next: ConfirmRequest) => {
    setReason(null);
    setRequest(next);
    setOpened(true);
  }, []);
  const confirm = () => {
    if (!request || busy) return;
    setBusy(true);
    setReason(null);
    request
      .action()
      .then(
        () => {
          toast("success", request.successMessage ?? t("common:messages.removed"));
          setOpened(false);
        },
        (error: Error) => {
          toast("error", request.failureMessage ?? t("common:messages.deleteFailed"));
          setReason(error.message);
        },
      )
      .finally(() => setBusy(false));
  };

  const dialog = (
    <ConfirmDialog
      opened={opened}
      title={request?.title}
      message={request?.message}
      confirmLabel={request?.confirmLabel ?? ""}
      danger={request?.danger}
      busy={busy}
      reason={reason}
      onConfirm={confirm}
      onClose={() => setOpened(false)}
    />
  );
  return { ask, dialog };
}
