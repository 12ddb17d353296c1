import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type ReactNode, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red for what removes something or cannot be undone. */
  danger?: boolean;
  /** Runs on confirm; a throw keeps the dialog open with the server's reason. */
  action: () => Promise<unknown>;
  /** Toasts after success and failure (default: the spec's delete messages). */
  successMessage?: string;
  failureMessage?: string;
}

/**
 * Asks before every delete (and other acts that cannot be undone). When the server refuses — in use, a head
 * teacher's group, a closed year — its reason stays in the dialog, next to the 'Error deleting' toast.
 */
export function useConfirm() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState<string | null>(null);

  const ask = useCallback((next: ConfirmRequest) => {
    setRequest(next);
    setReason(null);
    setOpened(true);
  }, []);
  const close = () => {
    if (!busy) setOpened(false);
  };

  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    setReason(null);
    try {
      await request.action();
      toast("success", request.successMessage ?? t("messages.removed"));
      setOpened(false);
    } catch (error) {
      toast("error", request.failureMessage ?? t("messages.deleteFailed"));
      setReason((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Modal opened={opened} onClose={close} title={request?.title} radius="lg" centered>
      <Stack gap="md">
        {typeof request?.message === "string" ? <Text size="sm">{request.message}</Text> : request?.message}
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
            <Button
              color={request?.danger ? "red.8" : undefined}
              onClick={() => void confirm()}
              loading={busy}
              data-autofocus
            >
              {request?.confirmLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );

  return { ask, dialog };
}
