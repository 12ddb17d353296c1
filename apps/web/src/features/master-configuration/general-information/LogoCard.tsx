import type { SchoolInfo } from "@convive/domain";
import { Button, Center, FileButton, Group, Image, Paper, Stack, Text } from "@mantine/core";
import { IconPhotoUp, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { Card } from "../shared/Card.tsx";
import { IMAGE_TYPES, MB } from "../shared/upload.ts";

const DEFAULT_LOGO = "/logo-convive.svg";

/**
 * The school's logo in the header (spec §2): PNG, JPEG or WebP up to the school's max_file_size_in_mb, checked
 * here first ('Images that exceed the size of 2mb' with the school's figure) and again by the server.
 */
export function LogoCard({
  info,
  editable,
  onUpload,
  onRemove,
}: {
  info: SchoolInfo;
  editable: boolean;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const { t } = useTranslation("masterConfiguration");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resetRef = useRef<() => void>(null);
  const confirm = useConfirm();
  const maxMb = info.max_file_size_in_mb;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const clear = () => {
    setFile(null);
    setPreview(null);
    resetRef.current?.();
  };

  const pick = (picked: File | null) => {
    setError(null);
    if (!picked) return;
    let problem: string | null = null;
    if (!(IMAGE_TYPES as readonly string[]).includes(picked.type)) problem = t("logo.wrongType");
    else if (picked.size > maxMb * MB) problem = t("logo.tooLarge", { size: maxMb });
    if (problem) {
      setError(problem);
      toast("error", problem);
      clear();
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      await onUpload(file);
      toast("success", t("common:messages.saved"));
      clear();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : t("common:messages.saveFailed");
      setError(message);
      toast("error", t("common:messages.saveFailed"));
    } finally {
      setBusy(false);
    }
  };

  const src = preview ?? info.logo ?? DEFAULT_LOGO;
  return (
    <Card title={t("logo.title")} description={t("logo.description", { size: maxMb })}>
      <Paper
        withBorder
        radius="md"
        h={132}
        bg="var(--mantine-color-gray-0)"
        style={preview ? { outline: "3px solid var(--mantine-primary-color-filled)", outlineOffset: 2 } : undefined}
      >
        <Center h="100%" p="md">
          <Image
            src={src}
            alt={preview ? t("logo.previewAlt") : info.logo ? t("logo.alt", { name: info.name }) : t("logo.defaultAlt")}
            mah={100}
            maw="100%"
            w="auto"
            fit="contain"
          />
        </Center>
      </Paper>
      {!info.logo && !preview && (
        <Text size="xs" c="dimmed">
          {t("logo.usingDefault")}
        </Text>
      )}
      {editable &&
        (file ? (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t("logo.previewReady")}
            </Text>
            <Group gap="xs">
              <Button size="sm" onClick={() => void upload()} loading={busy}>
                {t("logo.save")}
              </Button>
              <Button size="sm" variant="default" onClick={clear} disabled={busy}>
                {t("common:actions.cancel")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="xs">
            <FileButton onChange={pick} accept={IMAGE_TYPES.join(",")} resetRef={resetRef}>
              {(props) => (
                <Button {...props} size="sm" variant="default" leftSection={<IconPhotoUp size={16} aria-hidden />}>
                  {info.logo ? t("logo.change") : t("logo.upload")}
                </Button>
              )}
            </FileButton>
            {info.logo && (
              <Button
                size="sm"
                variant="subtle"
                color="red.9"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() =>
                  confirm.ask({
                    title: t("logo.removeTitle"),
                    message: t("logo.removeMessage"),
                    confirmLabel: t("logo.remove"),
                    danger: true,
                    action: onRemove,
                  })
                }
              >
                {t("logo.remove")}
              </Button>
            )}
          </Group>
        ))}
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
      {confirm.dialog}
    </Card>
  );
}
