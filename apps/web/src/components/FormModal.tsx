import { Alert, Button, Group, Modal, type ModalProps, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useIsPhone } from "../lib/use-is-phone.ts";

export interface FormModalProps extends Omit<ModalProps, "children" | "onSubmit"> {
  /** With it, the children sit in a form with Cancel and Save; without it, the children bring their own buttons. */
  onSubmit?: (event?: FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
  /** The server's message when it is not about one field. */
  failure?: string | null;
  submitLabel?: string;
  children: ReactNode;
}

/** A form in a dialog; the whole screen on a phone, where a floating box leaves no room for the keyboard. */
export function FormModal({ onSubmit, busy, failure, submitLabel, children, ...props }: FormModalProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  return (
    <Modal
      size="md"
      radius="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("actions.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
      {...props}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            {children}
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={props.onClose} disabled={busy}>
                {t("actions.cancel")}
              </Button>
              <Button type="submit" loading={busy}>
                {submitLabel ?? t("actions.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        children
      )}
    </Modal>
  );
}
