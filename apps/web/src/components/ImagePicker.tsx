import { Button, FileButton, Group, type MantineSize, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { useSave } from "../lib/use-save.ts";

const MB = 1024 * 1024;

interface ImagePickerOptions {
  types: readonly string[];
  /** The school's max_file_size_in_mb, checked here first; the server checks again. */
  maxMb: number;
  messages: { wrongType: string; tooLarge: string };
  upload: (file: File) => Promise<unknown>;
  /** The toast of a refused upload: the server's words (they name the school's limit) or 'Failed to save!'. */
  failureToast: "server" | "saveFailed";
}

/**
 * An image picked, checked (type and size, spec §5), previewed, then sent on Save: the state the avatar and the
 * school logo share. The preview's object URL is released when it changes or the picker goes.
 */
export function useImagePicker({ types, maxMb, messages, upload, failureToast }: ImagePickerOptions) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const clear = () => {
    setFile(null);
    setPreview(null);
    resetRef.current?.();
  };
  const reason = (failure: Error) => (failure instanceof ApiError ? failure.message : t("common:messages.saveFailed"));
  const send = useSave({
    call: upload,
    failure: failureToast === "server" ? reason : t("common:messages.saveFailed"),
  });
  const pick = (picked: File | null) => {
    setProblem(null);
    send.clearFailure();
    if (!picked) return;
    const refused = !types.includes(picked.type)
      ? messages.wrongType
      : picked.size > maxMb * MB
        ? messages.tooLarge
        : null;
    if (refused) {
      setProblem(refused);
      toast("error", refused);
      clear();
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };
  const save = () => file && void send.submit(file, clear);
  return {
    file,
    preview,
    error: problem ?? send.failure,
    busy: send.busy,
    pick,
    clear,
    save,
    resetRef,
    accept: types.join(","),
  };
}

/** The picker's buttons: pick (with any extra buttons beside it), or — with a file picked — Save and Cancel. */
export function ImagePickerActions({
  picker,
  size,
  ready,
  saveLabel,
  pickButton,
  extra,
}: {
  picker: ReturnType<typeof useImagePicker>;
  size: MantineSize;
  /** 'Preview ready…': shown over Save and Cancel. */
  ready: string;
  saveLabel: string;
  pickButton: (props: { onClick: () => void }) => ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  if (picker.file) {
    return (
      <Stack gap={size === "xs" ? 6 : "xs"}>
        <Text size="sm" fw={500}>
          {ready}
        </Text>
        <Group gap="xs">
          <Button size={size} onClick={picker.save} loading={picker.busy}>
            {saveLabel}
          </Button>
          <Button size={size} variant="default" onClick={picker.clear} disabled={picker.busy}>
            {t("common:actions.cancel")}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group gap="xs">
      <FileButton onChange={picker.pick} accept={picker.accept} resetRef={picker.resetRef}>
        {pickButton}
      </FileButton>
      {extra}
    </Group>
  );
}
