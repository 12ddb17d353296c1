import type { MessageAttachment } from "@convive/domain";
import { Button, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { fetchAttachment } from "../api/announcements.ts";
import { fileSize } from "../attachments.ts";

/** Hands a fetched file to the browser as a download. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An announcement's files, each a download button (the URL needs the bearer token, so it is fetched). */
export function AttachmentLinks({ attachments }: { attachments: readonly MessageAttachment[] }) {
  const { t, i18n } = useTranslation("announcements");
  const lang = i18n.resolvedLanguage ?? "es";
  const [busy, setBusy] = useState<number | null>(null);
  if (attachments.length === 0) return null;

  const get = async (file: MessageAttachment) => {
    setBusy(file.id);
    try {
      saveBlob(await fetchAttachment(file.url), file.file_name);
    } catch {
      toast("error", t("attachments.downloadFailed"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} component="h3" m={0}>
        {t("attachments.title")}
      </Text>
      <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
        {attachments.map((file) => (
          <li key={file.id} style={{ maxWidth: "100%" }}>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={busy === file.id}
              onClick={() => void get(file)}
              maw="100%"
              styles={{
                inner: { minWidth: 0 },
                label: { minWidth: 0 },
              }}
            >
              {/* "Descargar" for the screen reader, before the name it sees (its accessible name holds the visible one). */}
              <VisuallyHidden>{t("attachments.downloadPrefix")} </VisuallyHidden>
              <Text span inherit truncate="end" style={{ minWidth: 0 }}>
                {file.file_name}
              </Text>
              <Text span size="xs" c="gray.7" ml={6} style={{ flexShrink: 0 }}>
                {fileSize(file.size, lang)}
              </Text>
            </Button>
          </li>
        ))}
      </Group>
    </Stack>
  );
}
