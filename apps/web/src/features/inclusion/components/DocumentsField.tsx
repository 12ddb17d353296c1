import { formatNumber } from "@convive/domain/core";
import { ActionIcon, Button, FileButton, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconCheck, IconFile, IconPaperclip, IconRefresh, IconX } from "@tabler/icons-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../../lib/api.ts";
import { asEvidenceBlob, EVIDENCE_ACCEPT, evidenceType, MB } from "../../../lib/evidence.ts";
import { useMaxFileSizeMb } from "../../../lib/school-information.ts";
import { toast } from "../../../lib/toast.ts";
import { uploadSupportFile } from "../api/files.ts";

export interface Upload {
  key: string;
  file: File;
  status: "uploading" | "done" | "failed";
  /** The server's id once uploaded: what the save names. */
  id?: number;
  error?: string;
  /** One per chosen file: a retry after no answer uploads it once. */
  idempotencyKey: string;
}

export const uploadedIds = (uploads: readonly Upload[]) =>
  uploads.flatMap((u) => (u.status === "done" && u.id !== undefined ? [u.id] : []));
export const uploadsSettled = (uploads: readonly Upload[]) => uploads.every((u) => u.status === "done");

/** "240 KB", "1.4 MB" in the screen's language. */
export const fileSize = (bytes: number, lang: string) =>
  bytes >= MB
    ? `${formatNumber(bytes / MB, lang)} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)), lang)} KB`;

let counter = 0;

/**
 * A condition's documents (diagnosis, reports) or a signed letter: each file checked at once against the accepted
 * types and the school's size limit, then uploaded as soon as it is chosen (POST /api/support-attachments), so
 * saving only names it. A failed upload keeps its reason and can be tried again or removed.
 */
export function DocumentsField(props: {
  label: string;
  hint?: string;
  /** How many more files may be added (the record's limit less those already on it). */
  max: number;
  uploads: Upload[];
  onChange: (change: (uploads: Upload[]) => Upload[]) => void;
  disabled?: boolean;
}) {
  const { uploads, onChange, max } = props;
  const { t, i18n } = useTranslation("inclusion");
  const lang = i18n.resolvedLanguage ?? "es";
  const maxMb = useMaxFileSizeMb();
  const headingId = useId();
  const [refused, setRefused] = useState<string[]>([]);
  const resetRef = useRef<() => void>(null);

  const set = (key: string, change: Partial<Upload>) =>
    onChange((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const upload = ({ key, file, idempotencyKey }: Upload) => {
    set(key, { status: "uploading", error: undefined });
    uploadSupportFile(asEvidenceBlob(file), file.name, idempotencyKey).then(
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
      const problem =
        count >= max
          ? t("files.tooMany", { max })
          : !evidenceType(file)
            ? t("files.wrongType", { name: file.name })
            : file.size > maxMb * MB
              ? t("files.tooLarge", { name: file.name, size: maxMb })
              : null;
      if (problem) {
        problems.push(problem);
        continue;
      }
      count += 1;
      counter += 1;
      accepted.push({ key: `${file.name}:${counter}`, file, status: "uploading", idempotencyKey: newIdempotencyKey() });
    }
    setRefused(problems);
    if (problems[0]) toast("error", problems[0]);
    onChange((list) => [...list, ...accepted]);
    for (const u of accepted) upload(u);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={headingId}>
        {props.label}
      </Text>
      {props.hint && (
        <Text size="xs" c="gray.7">
          {props.hint}
        </Text>
      )}
      {uploads.length > 0 && (
        <Stack gap={4} component="ul" m={0} p={0} aria-labelledby={headingId} style={{ listStyle: "none" }}>
          {uploads.map((u) => (
            <Group key={u.key} component="li" wrap="nowrap" gap="xs" justify="space-between">
              <Group wrap="nowrap" gap="xs" style={{ minWidth: 0 }}>
                <IconFile size={18} aria-hidden />
                <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                  {u.file.name}
                </Text>
                <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
                  {fileSize(u.file.size, lang)}
                </Text>
              </Group>
              <Group wrap="nowrap" gap={4} style={{ flexShrink: 0 }}>
                {u.status === "uploading" && <Loader size="xs" aria-label={t("files.uploading")} />}
                {u.status === "done" && (
                  <IconCheck size={18} color="var(--mantine-color-teal-8)" aria-label={t("files.uploaded")} />
                )}
                {u.status === "failed" && (
                  <>
                    <IconAlertCircle size={18} color="var(--mantine-color-red-8)" aria-hidden />
                    <Text size="xs" c="red.8" title={u.error}>
                      {t("files.failed")}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray.8"
                      size={36}
                      onClick={() => upload(u)}
                      aria-label={t("files.retry", { name: u.file.name })}
                    >
                      <IconRefresh size={18} aria-hidden />
                    </ActionIcon>
                  </>
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size={36}
                  disabled={props.disabled}
                  onClick={() => onChange((list) => list.filter((x) => x.key !== u.key))}
                  aria-label={t("files.remove", { name: u.file.name })}
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
        {(p) => (
          <Button
            {...p}
            variant="default"
            leftSection={<IconPaperclip size={18} aria-hidden />}
            disabled={props.disabled || uploads.length >= max}
            style={{ alignSelf: "flex-start" }}
          >
            {t("files.add")}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
