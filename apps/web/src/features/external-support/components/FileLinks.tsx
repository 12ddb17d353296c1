import type { MessageAttachment } from "@convive/domain";
import { Button, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { downloadSupportFile } from "../api/files.ts";
import { fileSize } from "../format.ts";

/** A referral's files, each a download button (fetched with the bearer token; the server logs the read). */
export function FileLinks({ files }: { files: readonly MessageAttachment[] }) {
  const { t, i18n } = useTranslation("externalSupport");
  const lang = i18n.resolvedLanguage ?? "es";
  const [busy, setBusy] = useState<number | null>(null);
  if (files.length === 0) return null;
  const get = async (file: MessageAttachment) => {
    setBusy(file.id);
    try {
      await downloadSupportFile(file);
    } catch (error) {
      toast("error", error instanceof Error ? error.message : t("files.downloadFailed"));
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
            size="sm"
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
