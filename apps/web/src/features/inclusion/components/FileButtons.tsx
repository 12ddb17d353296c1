import type { MessageAttachment } from "@convive/domain";
import { Button, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { downloadSupportFile } from "../api/files.ts";
import { fileSize } from "./DocumentsField.tsx";

/** Stored documents, each a download button (their URL needs the bearer token, so they are fetched). */
export function FileButtons({ files }: { files: readonly MessageAttachment[] }) {
  const { t, i18n } = useTranslation("inclusion");
  const lang = i18n.resolvedLanguage ?? "es";
  const [busy, setBusy] = useState<number | null>(null);
  const get = async (file: MessageAttachment) => {
    setBusy(file.id);
    try {
      await downloadSupportFile(file);
    } catch {
      toast("error", t("files.downloadFailed"));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {files.map((file) => (
        <li key={file.id} style={{ maxWidth: "100%" }}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy === file.id}
            onClick={() => void get(file)}
            maw="100%"
            styles={{ inner: { minWidth: 0 }, label: { minWidth: 0 } }}
          >
            <VisuallyHidden>{t("files.download")} </VisuallyHidden>
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
  );
}
