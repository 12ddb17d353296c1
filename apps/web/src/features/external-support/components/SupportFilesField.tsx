import { ActionIcon, Button, FileButton, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconCheck, IconFile, IconPaperclip, IconRefresh, IconX } from "@tabler/icons-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../../lib/api.ts";
import { asEvidenceBlob, EVIDENCE_ACCEPT, evidenceType, MB } from "../../../lib/evidence.ts";
import { useMaxFileSizeMb } from "../../../lib/school-information.ts";
import { toast } from "../../../lib/toast.ts";
import { uploadSupportFile } from "../api/files.ts";
import { fileSize } from "../format.ts";

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

/** The ids of the files uploaded, and whether every one is (a save waits for those on their way or failed). */
export const uploadedIds = (uploads: readonly Upload[]) =>
  uploads.flatMap((u) => (u.status === "done" && u.id !== undefined ? [u.id] : []));
export const uploadsSettled = (uploads: readonly Upload[]) => uploads.every((u) => u.status === "done");

let counter = 0;

/**
 * Files of a referral (the signed consent, a follow-up's report): each checked at once against the accepted types,
 * the school's size limit and `max`, then uploaded as soon as it is chosen, so saving only names them. A failed
 * upload keeps its reason and can be tried again or removed.
 */
export function SupportFilesField({
  label,
  hint,
  max,
  uploads,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  max: number;
  uploads: Upload[];
  onChange: (change: (uploads: Upload[]) => Upload[]) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation("externalSupport");
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

  const add = (payload: File[] | File | null) => {
    resetRef.current?.();
    const chosen = payload === null ? [] : Array.isArray(payload) ? payload : [payload];
    const problems: string[] = [];
    const accepted: Upload[] = [];
    let count = uploads.length;
    for (const file of chosen) {
      if (count >= max) problems.push(t("files.tooMany", { count: max }));
      else if (!evidenceType(file)) problems.push(t("files.wrongType", { name: file.name }));
      else if (file.size > maxMb * MB) problems.push(t("files.tooLarge", { name: file.name, size: maxMb }));
      else {
        count += 1;
        counter += 1;
        accepted.push({
          key: `${file.name}:${file.size}:${counter}`,
          file,
          status: "uploading",
          idempotencyKey: newIdempotencyKey(),
        });
      }
    }
    const unique = [...new Set(problems)];
    setRefused(unique);
    if (unique.length) toast("error", unique[0]!);
    onChange((list) => [...list, ...accepted]);
    for (const u of accepted) upload(u);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw="var(--mantine-font-weight-medium)" id={headingId}>
        {label}
      </Text>
      <Text size="xs" c="gray.7">
        {hint ?? t("files.hint", { count: max, size: maxMb })}
      </Text>
      {uploads.length > 0 && (
        <Stack gap={4} component="ul" m={0} p={0} aria-labelledby={headingId}>
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
                <IconFile size={18} aria-hidden style={{ flexShrink: 0 }} />
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
                  disabled={disabled}
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
      {uploads.some((u) => u.status === "failed" && u.error) && (
        <Text size="xs" c="red.8" role="alert">
          {uploads.find((u) => u.status === "failed")?.error}
        </Text>
      )}
      {refused.map((message) => (
        <Text key={message} size="sm" c="red.8" role="alert">
          {message}
        </Text>
      ))}
      <FileButton onChange={add} accept={EVIDENCE_ACCEPT} multiple={max > 1} resetRef={resetRef}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconPaperclip size={18} aria-hidden />}
            disabled={disabled || uploads.length >= max}
            style={{ alignSelf: "flex-start" }}
          >
            {max > 1 ? t("files.addMany") : t("files.addOne")}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
