import type { Attachment } from "@convive/domain";
import { formatDateTime } from "@convive/domain/core";
import { Button, Center, Group, Image, Loader, Modal, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconDownload, IconFile, IconPaperclip, IconPhotoOff } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { AttachEvidence } from "./AttachEvidence.tsx";
import { fetchAttachment, saveBlob } from "./api.ts";
import { formatBytes } from "./format.ts";
import { Section } from "./Section.tsx";
import type { DetailView } from "./view.ts";

/** An object URL of an attachment fetched with the bearer token; revoked when the image leaves the screen. */
function useObjectUrl(url: string) {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchAttachment(url, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ src: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

function Thumbnail({ file, onOpen }: { file: Attachment; onOpen: (src: string) => void }) {
  const { t } = useTranslation("incidentDetails");
  const { src, failed } = useObjectUrl(file.url);
  return (
    <UnstyledButton
      onClick={() => src && onOpen(src)}
      disabled={!src}
      aria-label={t("evidence.view", { name: file.file_name })}
      style={{
        borderRadius: "var(--mantine-radius-md)",
        overflow: "hidden",
        aspectRatio: "1",
        background: "var(--mantine-color-gray-1)",
      }}
    >
      {src ? (
        <Image src={src} alt="" h="100%" w="100%" fit="cover" />
      ) : (
        <Center h="100%">
          {failed ? <IconPhotoOff size={24} aria-hidden /> : <Loader size="sm" aria-label={t("common:loading")} />}
        </Center>
      )}
    </UnstyledButton>
  );
}

async function save(file: Attachment) {
  try {
    saveBlob(await fetchAttachment(file.url), file.file_name);
  } catch (error) {
    toast("error", (error as Error).message);
  }
}

/**
 * Evidence: images as thumbnails (opened large on click), other files as downloads; "Attach evidence" when the
 * server allows it (allowed.attach).
 */
export function EvidenceCard({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const { attachments, allowed } = view.incident;
  const [open, setOpen] = useState<{ file: Attachment; src: string } | null>(null);
  const images = attachments.filter((a) => a.mime_type.startsWith("image/"));
  const files = attachments.filter((a) => !a.mime_type.startsWith("image/"));
  return (
    <Section
      id="evidence"
      title={t("evidence.title", { count: attachments.length })}
      icon={<IconPaperclip size={18} aria-hidden />}
    >
      {attachments.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("evidence.empty")}
        </Text>
      )}
      {images.length > 0 && (
        <SimpleGrid cols={{ base: 3, md: 2, lg: 3 }} spacing="xs">
          {images.map((file) => (
            <Thumbnail key={file.id} file={file} onOpen={(src) => setOpen({ file, src })} />
          ))}
        </SimpleGrid>
      )}
      {files.length > 0 && (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
          {files.map((file) => (
            <Group component="li" key={file.id} gap="xs" wrap="nowrap">
              <IconFile size={20} aria-hidden style={{ flexShrink: 0 }} />
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Text size="sm" fw={500} truncate>
                  {file.file_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size, view.lang)}
                </Text>
              </Stack>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => void save(file)}
                aria-label={t("evidence.downloadNamed", { name: file.file_name })}
              >
                {t("evidence.download")}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {allowed.attach && <AttachEvidence view={view} />}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.file.file_name} size="xl" radius="lg">
        {open && (
          <Stack gap="sm">
            <Image src={open.src} alt={open.file.file_name} fit="contain" mah="70vh" />
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed">
                {t("evidence.uploaded", {
                  name: open.file.uploaded_by.name,
                  when: formatDateTime(open.file.uploaded_at, view),
                })}
              </Text>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => void save(open.file)}
              >
                {t("evidence.download")}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Section>
  );
}
