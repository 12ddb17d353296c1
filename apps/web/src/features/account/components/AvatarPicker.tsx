import type { UserPayload } from "@convive/domain";
import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconCamera } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { AVATAR_TYPES, useUploadAvatar } from "../api/avatar.ts";

const MB = 1024 * 1024;

/**
 * Profile picture with a preview before it is sent. The school's maximum size is checked here first
 * (spec §5: 'Images that exceed the size of 2mb', with the school's figure); the server checks again.
 */
export function AvatarPicker({ user, maxMb, roleLabel }: { user: UserPayload; maxMb: number; roleLabel: string }) {
  const { t } = useTranslation("account");
  const upload = useUploadAvatar(user.id);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

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
    if (!(AVATAR_TYPES as readonly string[]).includes(picked.type)) problem = t("avatar.wrongType");
    else if (picked.size > maxMb * MB) problem = t("avatar.tooLarge", { size: maxMb });
    if (problem) {
      setError(problem);
      toast("error", problem);
      clear();
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        toast("success", t("common:messages.saved"));
        clear();
      },
      onError: (failure) => {
        // The server's own words (its size message names the school's limit).
        const message = failure instanceof ApiError ? failure.message : t("common:messages.saveFailed");
        setError(message);
        toast("error", message);
      },
    });
  };

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
        {file ? (
          <>
            <Text size="sm" fw={500}>
              {t("avatar.previewReady")}
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={save} loading={upload.isPending}>
                {t("avatar.save")}
              </Button>
              <Button size="xs" variant="default" onClick={clear} disabled={upload.isPending}>
                {t("common:actions.cancel")}
              </Button>
            </Group>
          </>
        ) : (
          <FileButton onChange={pick} accept={AVATAR_TYPES.join(",")} resetRef={resetRef}>
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconCamera size={16} aria-hidden />}>
                {user.image_profile ? t("avatar.change") : t("avatar.upload")}
              </Button>
            )}
          </FileButton>
        )}
        <Text size="xs" c={error ? "red.8" : "dimmed"} role={error ? "alert" : undefined}>
          {error ?? t("avatar.hint", { size: maxMb })}
        </Text>
      </Stack>
    </Group>
  );
}
