import type { SchoolInfo } from "@convive/domain";
import { Button, Center, Image, Paper, Text } from "@mantine/core";
import { IconPhotoUp, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { ImagePickerActions, useImagePicker } from "../../../components/ImagePicker.tsx";
import { Card } from "../shared/Card.tsx";
import { IMAGE_TYPES } from "../shared/upload.ts";

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
  const confirm = useConfirm();
  const maxMb = info.max_file_size_in_mb;
  const picker = useImagePicker({
    types: IMAGE_TYPES,
    maxMb,
    messages: { wrongType: t("logo.wrongType"), tooLarge: t("logo.tooLarge", { size: maxMb }) },
    upload: onUpload,
    failureToast: "saveFailed",
  });
  const { preview, error } = picker;

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
      {editable && (
        <ImagePickerActions
          picker={picker}
          size="sm"
          ready={t("logo.previewReady")}
          saveLabel={t("logo.save")}
          pickButton={(props) => (
            <Button {...props} size="sm" variant="default" leftSection={<IconPhotoUp size={16} aria-hidden />}>
              {info.logo ? t("logo.change") : t("logo.upload")}
            </Button>
          )}
          extra={
            info.logo && (
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
            )
          }
        />
      )}
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
      {confirm.dialog}
    </Card>
  );
}
