import type { UserPayload } from "@convive/domain";
import { Avatar, Button, Group, Stack, Text } from "@mantine/core";
import { IconCamera } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ImagePickerActions, useImagePicker } from "../../../components/ImagePicker.tsx";
import { AVATAR_TYPES, uploadAvatar } from "../api/avatar.ts";

/**
 * Profile picture with a preview before it is sent. The school's maximum size is checked here first
 * (spec §5: 'Images that exceed the size of 2mb', with the school's figure); the server checks again.
 */
export function AvatarPicker({ user, maxMb, roleLabel }: { user: UserPayload; maxMb: number; roleLabel: string }) {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  const picker = useImagePicker({
    types: AVATAR_TYPES,
    maxMb,
    messages: { wrongType: t("avatar.wrongType"), tooLarge: t("avatar.tooLarge", { size: maxMb }) },
    upload: async (file) => {
      await uploadAvatar(user.id, file);
      await queryClient.invalidateQueries({ queryKey: ["current-user"] });
    },
    failureToast: "server",
  });
  const { preview, error } = picker;

  const name = `${user.first_name} ${user.paternal_surname}`.trim();
  return (
    <Group align="center" gap="lg" wrap="nowrap">
      <Avatar
        src={preview ?? user.image_profile}
        name={name}
        alt={preview ? t("avatar.previewAlt") : t("avatar.alt", { name })}
        size={96}
        radius={999}
        color="institutional"
        variant="filled"
        style={preview ? { outline: "3px solid var(--mantine-primary-color-filled)", outlineOffset: 2 } : undefined}
      />
      <Stack gap={6} miw={0}>
        <div>
          <Text fw={600} lh={1.3} style={{ overflowWrap: "anywhere" }}>
            {`${name} ${user.maternal_surname}`.trim()}
          </Text>
          {roleLabel && (
            <Text size="sm" c="dimmed">
              {roleLabel}
            </Text>
          )}
        </div>
        <ImagePickerActions
          picker={picker}
          size="xs"
          ready={t("avatar.previewReady")}
          saveLabel={t("avatar.save")}
          pickButton={(props) => (
            <Button {...props} size="xs" variant="light" leftSection={<IconCamera size={16} aria-hidden />}>
              {user.image_profile ? t("avatar.change") : t("avatar.upload")}
            </Button>
          )}
        />
        <Text size="xs" c={error ? "red.8" : "dimmed"} role={error ? "alert" : undefined}>
          {error ?? t("avatar.hint", { size: maxMb })}
        </Text>
      </Stack>
    </Group>
  );
}
