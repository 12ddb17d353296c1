import { Alert, Button, Center, Group, Loader, Modal, type ModalProps, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useIsPhone } from "../../../lib/use-is-phone.ts";

interface DetailModalProps extends Omit<ModalProps, "children" | "onSubmit"> {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
  /** The server's message when it is not about one field. */
  failure?: string | null;
  submitLabel: string;
  /** Red submit for acts that end something (cancel an incident, waive an action). */
  danger?: boolean;
  /** Keeps the submit disabled (e.g. until a required confirmation is ticked). */
  submitDisabled?: boolean;
  children: ReactNode;
}

/** A form in a dialog; the whole screen on a phone, where a floating box leaves no room for the keyboard. */
export function DetailModal({
  onSubmit,
  busy,
  failure,
  submitLabel,
  danger,
  submitDisabled,
  children,
  ...props
}: DetailModalProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  return (
    <Modal
      size="lg"
      radius="lg"
      fullScreen={phone}
      closeOnClickOutside={!busy}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
      {...props}
      onClose={() => {
        if (!busy) props.onClose();
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" gap="sm" mt="sm">
            {/* "Volver", not "Cancelar": beside "Cancelar incidencia" the two read alike (issue 12 §9). */}
            <Button variant="default" onClick={props.onClose} disabled={busy}>
              {t("actions.back")}
            </Button>
            <Button type="submit" loading={busy} disabled={submitDisabled} color={danger ? "red.8" : undefined}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The dialog's frame while what its form needs (staff, attendees) is still loading. */
export function LoadingModal({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} size="lg" radius="lg">
      <Center py="xl">
        <Loader aria-label={t("loading")} />
      </Center>
    </Modal>
  );
}
