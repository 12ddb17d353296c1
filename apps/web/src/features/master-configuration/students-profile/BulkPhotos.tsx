import { Alert, Badge, Button, Group, Modal, Progress, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { DropArea } from "../imports/DropArea.tsx";
import { useRefreshAll } from "../shared/keys.ts";
import { type PhotoResult, uploadPhotoByEnrollment, uploadPhotoZip } from "./api.ts";
import { usePhotoCheck } from "./PhotoCard.tsx";

/** The server's PHOTO_ZIP_MAX_MB (not exported to the web). */
const ZIP_MAX_MB = 100;
const isZip = (f: File) => f.name.toLowerCase().endsWith(".zip");
const enrollmentOf = (name: string) => name.replace(/\.[^.]+$/, "").trim();

const COLOR: Record<PhotoResult["status"], string> = {
  assigned: "teal",
  unknown_enrollment: "orange",
  bad_type: "red",
  too_big: "red",
  error: "red",
};

/**
 * Photos in bulk (product design §3): one ZIP, or many pictures, each named by the student's enrollment
 * (CDA-2026-0001.jpg). Pictures are sent one by one; every file gets its outcome in the table.
 */
export function BulkPhotos({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("masterStudents");
  const phone = useIsPhone();
  const refresh = useRefreshAll();
  const check = usePhotoCheck();
  const [results, setResults] = useState<PhotoResult[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = progress !== null && progress.done < progress.total;

  useEffect(() => {
    if (!opened) {
      setResults([]);
      setProgress(null);
      setFailure(null);
    }
  }, [opened]);

  const send = async (files: File[]) => {
    setResults([]);
    setFailure(null);
    const zip = files.find(isZip);
    if (zip) {
      if (zip.size > ZIP_MAX_MB * 1024 * 1024) {
        setFailure(t("bulkPhotos.zipTooLarge", { size: ZIP_MAX_MB }));
        return;
      }
      setProgress({ done: 0, total: 1 });
      try {
        const answer = await uploadPhotoZip(zip);
        setResults(answer.results);
        toast(
          answer.refused === 0 ? "success" : "info",
          t("bulkPhotos.summary", { assigned: answer.assigned, refused: answer.refused }),
        );
      } catch (error) {
        toast("error", t("common:messages.saveFailed"));
        setFailure((error as Error).message);
      } finally {
        setProgress({ done: 1, total: 1 });
        await refresh();
      }
      return;
    }
    const out: PhotoResult[] = [];
    setProgress({ done: 0, total: files.length });
    for (const [i, file] of files.entries()) {
      const enrollment = enrollmentOf(file.name);
      const problem = check.problem(file);
      if (problem) {
        out.push({
          file: file.name,
          enrollment,
          status: file.size > check.maxMb * 1024 * 1024 ? "too_big" : "bad_type",
          student_id: null,
          message: problem,
        });
      } else {
        try {
          out.push({ ...(await uploadPhotoByEnrollment(enrollment, file)), file: file.name });
        } catch (error) {
          const code = error instanceof ApiError ? error.code : "";
          const status: PhotoResult["status"] =
            code === "UNKNOWN_ENROLLMENT"
              ? "unknown_enrollment"
              : code === "FILE_TOO_LARGE"
                ? "too_big"
                : code === "INVALID_IMAGE"
                  ? "bad_type"
                  : "error";
          out.push({ file: file.name, enrollment, status, student_id: null, message: (error as Error).message });
        }
      }
      setResults([...out]);
      setProgress({ done: i + 1, total: files.length });
    }
    const assigned = out.filter((r) => r.status === "assigned").length;
    toast(
      assigned === out.length ? "success" : "info",
      t("bulkPhotos.summary", { assigned, refused: out.length - assigned }),
    );
    await refresh();
  };

  const assigned = results.filter((r) => r.status === "assigned").length;

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={t("bulkPhotos.title")}
      size="xl"
      radius="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("bulkPhotos.hint", { size: check.maxMb })}
        </Alert>
        <DropArea
          accept=".zip,application/zip,image/jpeg,image/png,image/webp"
          multiple
          label={t("bulkPhotos.drop")}
          hint={t("bulkPhotos.dropHint", { size: ZIP_MAX_MB })}
          onFiles={(files) => void send(files)}
          disabled={busy}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {progress && busy && (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">{t("bulkPhotos.sending", { done: progress.done, total: progress.total })}</Text>
            <Progress
              value={(progress.done / progress.total) * 100}
              animated
              size="md"
              radius="xl"
              aria-label={t("bulkPhotos.progress")}
            />
          </Stack>
        )}
        {results.length > 0 && (
          <>
            <Text size="sm" fw={600} aria-live="polite">
              {t("bulkPhotos.summary", { assigned, refused: results.length - assigned })}
            </Text>
            <ScrollArea.Autosize mah={360} type="auto">
              <Table striped withTableBorder verticalSpacing={6} fz="sm" stickyHeader miw={phone ? undefined : 560}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("bulkPhotos.file")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("student.enrollment")}</Table.Th>
                    <Table.Th>{t("bulkPhotos.result")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {results.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a static list; the same file name may be sent twice.
                    <Table.Tr key={`${r.file}-${i}`}>
                      <Table.Td style={{ wordBreak: "break-all" }}>{r.file}</Table.Td>
                      <Table.Td visibleFrom="sm">{r.enrollment}</Table.Td>
                      <Table.Td>
                        <Badge color={COLOR[r.status]} c={`${COLOR[r.status]}.9`} variant="light" radius="sm">
                          {t(`bulkPhotos.status.${r.status}`)}
                        </Badge>
                        {r.status !== "assigned" && r.message && (
                          <Text size="xs" c="gray.7" mt={2}>
                            {r.message}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t("common:actions.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
