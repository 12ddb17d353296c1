import { Modal, type ModalProps } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";

/** A dialog that takes the whole screen on a phone, where a floating box leaves no room for the keyboard. */
export function FormModal(props: ModalProps) {
  const phone = useMediaQuery("(max-width: 47.99em)") ?? false;
  return (
    <Modal
      size="lg"
      radius="lg"
      fullScreen={phone}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
      {...props}
    />
  );
}
