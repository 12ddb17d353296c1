import { MESSAGE_MAX_ATTACHMENTS } from "@convive/domain";
import { ActionIcon, Button, FileButton, Group, Loader, Stack, Text } from "@mantine/core";
import {
  IconAlertCircle,
  IconCheck,
  IconFile,
  IconPaperclip,
  IconPhoto,
  IconRefresh,
  IconX,
} from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../../lib/api.ts";
import { asEvidenceBlob, EVIDENCE_ACCEPT } from "../../../lib/evidence.ts";
import { useMaxFileSizeMb } from "../../../lib/school-information.ts";
import { toast } from "../../../lib/toast.ts";
import { uploadAnnouncementAttachment } from "../api/announcements.ts";
import { attachmentProblem, fileSize } from "../attachments.ts";

export interface Upload {
  key: string;
  file: File;
  status: "uploading" | "done" | "failed";
  /** The server's id once uploaded: what `attachment_ids` names. */
  id?: number;
  error?: string;
  /** One per chosen file: a retry after no answer uploads it once. */
  idempotencyKey: string;
}

/** The ids of the files uploaded, and whether any is still on its way or failed (the send then waits). */
export const uploadedIds = (uploads: readonly Upload[]) =>
  uploads.flatMap((u) => (u.status === "done" && u.id !== undefined ? [u.id] : []));
export const uploadsSettled = (uploads: readonly Upload[]) => uploads.every((u) => u.status === "done");

let counter = 0;

/**
 * The announcement's files: each checked at once against the accepted types, the school's size limit and
 * MESSAGE_MAX_ATTACHMENTS, then uploaded as soon as it is chosen, so pressing Send only names them. A failed
 * upload keeps its reason and can be retried or removed.
 */
export function AttachmentsField({
  uploads,
  onChange,
  disabled,
}: {
  uploads: Upload[];
  onChange: (change: (uploads: Upload[]) => Upload[]) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation("announcements");
  const lang = i18n.resolvedLanguage ?? "es";
  const maxMb = useMaxFileSizeMb();
  const [refused, setRefused] = useState<string[]>([]);
  const resetRef = useRef<() => void>(null);

  const set = (key: string, change: Partial<Upload>) =>
    onChange((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const upload = ({ key, file, idempotencyKey }: Upload) => {
    set(key, { status: "uploading", error: undefined });
    uploadAnnouncementAttachment(asEvidenceBlob(file), idempotencyKey).then(
      (attachment) => set(key, { status: "done", id: attachment.id }),
      (error: Error) => set(key, { status: "failed", error: error.message }),
    );
  };

  const add = (chosen: File[]) => {
    resetRef.current?.();
    const problems: string[] = [];
    const accepted: Upload[] = [];
    let count = uploads.length;
    for (const file of chosen) {
      const problem = attachmentProblem(file, maxMb, count);
      if (problem) {
        problems.push(t(`attachments.${problem.key}`, { name: file.name, ...problem }));
        continue;
      }
      count += 1;
      counter += 1;
      accepted.push({
        key: `${file.name}:${file.size}:${counter}`,
        file,
        status: "uploading",
        idempotencyKey: newIdempotencyKey(),
      });
    }
    setRefused(problems);
    if (problems.length) toast("error", problems[0]!);
    onChange((list) => [...list, ...accepted]);
    for (const u of accepted) upload(u);
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} component="h3" m={0} id="announcement-files">
        {t("attachments.title")}
      </Text>
      <Text size="xs" c="gray.7">
        {t("attachments.hint", { max: MESSAGE_MAX_ATTACHMENTS, size: maxMb })}
      </Text>
      {uploads.length > 0 && (
        <Stack gap={4} component="ul" m={0} p={0} aria-labelledby="announcement-files">
          {uploads.map((u) => (
            <Group
              key={u.key}
              component="li"
              wrap="nowrap"
              gap="xs"
              justify="space-between"
              style={{ listStyle: "none" }}
            >
              <Group wrap="nowrap" gap="xs" style={{ minWidth: 0 }}>
                {u.file.type.startsWith("image/") ? (
                  <IconPhoto size={18} aria-hidden />
                ) : (
                  <IconFile size={18} aria-hidden />
                )}
                <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                  {u.file.name}
                </Text>
                <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
                  {fileSize(u.file.size, lang)}
                </Text>
              </Group>
              <Group wrap="nowrap" gap={4} style={{ flexShrink: 0 }}>
                {u.status === "uploading" && <Loader size="xs" aria-label={t("attachments.uploading")} />}
                {u.status === "done" && (
                  <IconCheck size={18} color="var(--mantine-color-teal-8)" aria-label={t("attachments.uploaded")} />
                )}
                {u.status === "failed" && (
                  <>
                    <IconAlertCircle size={18} color="var(--mantine-color-red-8)" aria-hidden />
                    <Text size="xs" c="red.8" title={u.error}>
                      {t("attachments.failed")}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray.8"
                      size={36}
                      onClick={() => upload(u)}
                      aria-label={`${t("attachments.retry")}: ${u.file.name}`}
                    >
                      <IconRefresh size={18} aria-hidden />
                    </ActionIcon>
                  </>
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size={36}
                  disabled={disabled}
                  onClick={() => onChange((list) => list.filter((x) => x.key !== u.key))}
                  aria-label={t("attachments.remove", { name: u.file.name })}
                >
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {refused.map((message) => (
        <Text key={message} size="sm" c="red.8" role="alert">
          {message}
        </Text>
      ))}
      <FileButton onChange={add} accept={EVIDENCE_ACCEPT} multiple resetRef={resetRef}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconPaperclip size={18} aria-hidden />}
            disabled={disabled || uploads.length >= MESSAGE_MAX_ATTACHMENTS}
            style={{ alignSelf: "flex-start" }}
          >
            {t("attachments.add")}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
