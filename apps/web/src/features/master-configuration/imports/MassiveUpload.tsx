import {
  type DryRunResponse,
  IMPORT_COLUMNS,
  IMPORT_MAX_MB,
  type ImportCounts,
  type ImportJob,
  type ImportKind,
} from "@convive/domain";
import { formatNumber } from "@convive/domain/core";
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Modal,
  Paper,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDownload,
  IconFileSpreadsheet,
  IconListCheck,
  IconUpload,
} from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { MB } from "../shared/upload.ts";
import { commit, downloadTemplate, dryRun, useImportJob } from "./api.ts";
import { DropArea } from "./DropArea.tsx";

const ACCEPT =
  ".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel";

const formatSize = (bytes: number, lang: string) =>
  bytes < MB ? `${formatNumber(Math.max(bytes / 1024, 0.1), lang)} KB` : `${formatNumber(bytes / MB, lang)} MB`;

/**
 * Massive upload of users, students or families (product design §3 "Bulk work"): the template in the user's
 * language, a dry run that lists every bad row, and — only when it is clean — the all-or-nothing commit, whose
 * job is polled every second until 'Successfully processed' or 'Error processing'.
 */
export function MassiveUpload({
  kind,
  opened,
  onClose,
  onDone,
}: {
  kind: ImportKind;
  opened: boolean;
  onClose: () => void;
  /** After a successful commit (to refresh the lists). */
  onDone?: () => void;
}) {
  const { t, i18n } = useTranslation("masterUsers");
  const lang = i18n.resolvedLanguage === "en" ? "en" : "es";
  const phone = useIsPhone();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [check, setCheck] = useState<DryRunResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<"check" | "commit" | "xlsx" | "csv" | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useImportJob(jobId);
  const running = jobId !== null && job.data?.status !== "done" && job.data?.status !== "failed" && !job.isError;

  useEffect(() => {
    if (!opened) {
      setFile(null);
      setFileError(null);
      setCheck(null);
      setFailure(null);
      setJobId(null);
    }
  }, [opened]);

  // One toast (and one refresh of the lists) per finished job.
  const announced = useRef<string | null>(null);
  const finished = job.data?.status;
  useEffect(() => {
    if (!jobId || announced.current === jobId || (finished !== "done" && finished !== "failed")) return;
    announced.current = jobId;
    if (finished === "done") {
      toast("success", t("imports.processed"));
      onDone?.();
    } else {
      toast("error", t("imports.processFailed"));
    }
  }, [finished, jobId, t, onDone]);

  const columnLabel = (key: string | null) => {
    if (!key) return "—";
    const column = IMPORT_COLUMNS[kind].find((c) => c.key === key);
    return column ? column[lang] : key;
  };

  const pick = (files: File[]) => {
    const picked = files[0];
    setCheck(null);
    setFailure(null);
    setJobId(null);
    setFileError(null);
    if (!picked) {
      setFile(null);
      return;
    }
    const name = picked.name.toLowerCase();
    if (!name.endsWith(".xlsx") && !name.endsWith(".csv")) {
      setFile(null);
      setFileError(t("imports.wrongType"));
      return;
    }
    if (picked.size > IMPORT_MAX_MB * MB) {
      setFile(null);
      setFileError(t("imports.tooLarge", { size: IMPORT_MAX_MB }));
      return;
    }
    setFileError(null);
    setFile(picked);
  };

  const download = async (format: "xlsx" | "csv") => {
    setBusy(format);
    try {
      await downloadTemplate(kind, format);
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const runCheck = async () => {
    if (!file) {
      setFileError(t("common:messages.emptyFields"));
      return;
    }
    setBusy("check");
    setFailure(null);
    try {
      setCheck(await dryRun(kind, file));
    } catch (error) {
      setCheck(null);
      setFailure((error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const runCommit = async () => {
    if (!file || !check || check.invalid > 0) return;
    setBusy("commit");
    setFailure(null);
    try {
      const started = await commit(kind, file);
      setJobId(started.id);
    } catch (error) {
      toast("error", t("imports.processFailed"));
      setFailure((error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const clean = check !== null && check.invalid === 0;

  return (
    <Modal
      opened={opened}
      onClose={() => !running && onClose()}
      title={t(`imports.title.${kind}`)}
      size="xl"
      radius="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="lg">
        <Step number={1} title={t("imports.step1")} description={t("imports.step1Hint")}>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download("xlsx")}
              loading={busy === "xlsx"}
            >
              {t("imports.templateXlsx")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download("csv")}
              loading={busy === "csv"}
            >
              {t("imports.templateCsv")}
            </Button>
          </Group>
        </Step>

        <Step number={2} title={t("imports.step2")} description={t("imports.step2Hint", { size: IMPORT_MAX_MB })}>
          {file ? (
            <Paper withBorder radius="md" p="sm">
              <Group gap="sm" wrap="nowrap">
                <IconFileSpreadsheet size={28} aria-hidden color="var(--mantine-color-teal-8)" />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={600} truncate>
                    {file.name}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {formatSize(file.size, lang)}
                  </Text>
                </div>
                <CloseButton
                  aria-label={t("imports.removeFile")}
                  onClick={() => pick([])}
                  disabled={running || busy !== null}
                />
              </Group>
            </Paper>
          ) : (
            <DropArea
              accept={ACCEPT}
              label={t("imports.drop")}
              hint={t("imports.dropHint", { size: IMPORT_MAX_MB })}
              onFiles={pick}
            />
          )}
          {fileError && (
            <Text size="sm" c="red.8" role="alert" mt={6}>
              {fileError}
            </Text>
          )}
        </Step>

        <Step number={3} title={t("imports.step3")} description={t("imports.step3Hint")}>
          <Group gap="xs">
            <Button
              variant={clean ? "default" : "filled"}
              leftSection={<IconListCheck size={16} aria-hidden />}
              onClick={() => void runCheck()}
              loading={busy === "check"}
              disabled={!file || running || jobId !== null}
            >
              {t("imports.check")}
            </Button>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => void runCommit()}
              loading={busy === "commit"}
              disabled={!clean || running || jobId !== null}
            >
              {t("imports.commit")}
            </Button>
          </Group>
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} mt="sm">
              {failure}
            </Alert>
          )}
          {check && jobId === null && <CheckResult check={check} columnLabel={columnLabel} />}
          {jobId !== null && <JobProgress job={job.data} error={job.error?.message ?? null} />}
        </Step>

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={running}>
            {t("common:actions.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Step({
  number,
  title,
  description,
  children,
}: {
  number: number;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <Badge size="lg" circle variant="filled" aria-hidden>
        {number}
      </Badge>
      <Stack gap={6} miw={0} style={{ flex: 1 }}>
        <div>
          <Title order={3} size="h5">
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Group>
  );
}

function Counts({ counts, rows }: { counts: ImportCounts; rows?: number }) {
  const { t } = useTranslation("masterUsers");
  const items = [
    ["rows", rows ?? counts.rows],
    ["invitations", counts.invitations],
    ["students_created", counts.students_created],
    ["family_links_created", counts.family_links_created],
  ] as const;
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {items
          .filter(([key, value]) => key === "rows" || value > 0)
          .map(([key, value]) => (
            <Paper key={key} withBorder radius="md" p="xs">
              <Text size="xl" fw={700} lh={1.2}>
                {value}
              </Text>
              <Text size="xs" c="gray.7">
                {t(`imports.counts.${key}`)}
              </Text>
            </Paper>
          ))}
      </SimpleGrid>
      {counts.invitations > 0 && (
        <Text size="xs" c="gray.7">
          {t("imports.invitationsHint")}
        </Text>
      )}
    </Stack>
  );
}

function CheckResult({ check, columnLabel }: { check: DryRunResponse; columnLabel: (key: string | null) => string }) {
  const { t } = useTranslation("masterUsers");
  if (check.invalid === 0) {
    return (
      <Stack gap="sm" mt="sm">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {t("imports.clean", { count: check.total })}
        </Alert>
        <Counts counts={check.counts} rows={check.total} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" mt="sm">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        {t("imports.dirty", { invalid: check.invalid, total: check.total, valid: check.valid })}
      </Alert>
      <ScrollArea.Autosize mah={320} type="auto">
        <Table striped withTableBorder verticalSpacing={6} fz="sm" stickyHeader>
          <Table.Caption>{t("imports.errorsCaption", { count: check.errors.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t("imports.row")}</Table.Th>
              <Table.Th w="30%">{t("imports.column")}</Table.Th>
              <Table.Th>{t("imports.reason")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {check.errors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a static list; one row and column may have two problems.
              <Table.Tr key={`${e.row}-${e.column}-${i}`}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{columnLabel(e.column)}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function JobProgress({ job, error }: { job: ImportJob | undefined; error: string | null }) {
  const { t } = useTranslation("masterUsers");
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" mt="sm" title={t("imports.processFailed")}>
        {error}
      </Alert>
    );
  }
  const status = job?.status ?? "processing";
  const value = job && job.total > 0 ? Math.round((job.processed / job.total) * 100) : 0;
  if (status === "processing") {
    return (
      <Stack gap={6} mt="sm" role="status" aria-live="polite">
        <Text size="sm" fw={600}>
          {t("imports.processing")}
        </Text>
        <Progress value={value} animated striped size="lg" radius="xl" aria-label={t("imports.progress")} />
        {job && (
          <Text size="xs" c="gray.7">
            {t("imports.processedOf", { done: job.processed, total: job.total })}
          </Text>
        )}
      </Stack>
    );
  }
  if (status === "failed") {
    return (
      <Alert color="red" variant="light" role="alert" mt="sm" title={t("imports.processFailed")}>
        {job?.error}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" mt="sm">
      <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden />}>
        {t("imports.processed")}
      </Alert>
      {job?.counts && <Counts counts={job.counts} />}
    </Stack>
  );
}
