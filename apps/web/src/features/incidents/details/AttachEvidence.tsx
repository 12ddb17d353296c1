import { INCIDENT_LIMITS } from "@convive/domain/core";
import { ActionIcon, Button, FileButton, Group, Loader, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconClock, IconPaperclip, IconRefresh, IconX } from "@tabler/icons-react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { asEvidenceBlob, EVIDENCE_ACCEPT, evidenceProblem } from "../../../lib/evidence.ts";
import { useMaxFileSizeMb } from "../../../lib/school-information.ts";
import { toast } from "../../../lib/toast.ts";
import { uploadAttachment } from "./api.ts";
import type { DetailView } from "./view.ts";

type Status = "waiting" | "uploading" | "done" | "failed" | "refused";
interface Upload {
  key: number;
  file: File;
  status: Status;
  /** The server's reason (already in the reader's language), or why the browser refused the file. */
  error?: string;
}

/**
 * Evidence added to an incident after registering it: the chosen files are checked here (type, the school's size
 * limit, at most ten per incident), then uploaded one by one; each file shows how it went, and a failed one keeps
 * the server's reason and can be tried again. The incident is fetched again once the files are in.
 */
function useAttachEvidence(view: DetailView) {
  const { t } = useTranslation("incidentDetails");
  const maxMb = useMaxFileSizeMb();
  const [uploads, setUploads] = useState<Upload[]>([]);
  /** The last batch's outcome, for the screen reader. */
  const [summary, setSummary] = useState("");
  const next = useRef(0);
  const existing = view.incident.attachments.length;
  const busy = uploads.some((u) => u.status === "waiting" || u.status === "uploading");

  const set = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const send = async (upload: Upload) => {
    set(upload.key, { status: "uploading", error: undefined });
    try {
      await uploadAttachment(view.incident.id, asEvidenceBlob(upload.file));
      set(upload.key, { status: "done" });
      return true;
    } catch (error) {
      set(upload.key, { status: "failed", error: (error as Error).message });
      return false;
    }
  };

  /** After a batch: the spec's message, the incident again, and only what still needs the reader left listed. */
  const settle = async (results: boolean[]) => {
    if (results.length === 0) return;
    const ok = results.every(Boolean);
    const uploaded = results.filter(Boolean).length;
    setSummary(
      ok ? t("attach.allDone", { count: uploaded }) : t("attach.someFailed", { count: results.length - uploaded }),
    );
    toast(ok ? "success" : "error", t(ok ? "common:messages.saved" : "common:messages.saveFailed"));
    if (results.some(Boolean)) await view.refresh();
    setUploads((list) => list.filter((u) => u.status !== "done"));
  };

  const pick = async (files: File[]) => {
    if (files.length === 0 || busy) return;
    let accepted = 0;
    const batch: Upload[] = files.map((file) => {
      const problem = evidenceProblem(file, maxMb, existing + accepted);
      if (problem) {
        return { key: next.current++, file, status: "refused", error: t(`attach.${problem.key}`, { ...problem }) };
      }
      accepted += 1;
      return { key: next.current++, file, status: "waiting" };
    });
    setUploads(batch);
    setSummary("");
    const refused = batch.find((u) => u.status === "refused");
    if (refused && accepted === 0) toast("error", `${refused.file.name}: ${refused.error}`);
    const results: boolean[] = [];
    for (const upload of batch) if (upload.status === "waiting") results.push(await send(upload));
    await settle(results);
  };

  const retry = async (upload: Upload) => {
    await settle([await send(upload)]);
  };
  const dismiss = (key: number) => setUploads((list) => list.filter((u) => u.key !== key));

  return { maxMb, uploads, summary, busy, full: existing >= INCIDENT_LIMITS.maxAttachments, pick, retry, dismiss };
}

type AttachState = ReturnType<typeof useAttachEvidence>;

/** "Attach evidence": the file picker (emptied after each choice, so the same file may be chosen again). */
function AttachButton({ state }: { state: AttachState }) {
  const { t } = useTranslation("incidentDetails");
  const reset = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={reset}
      onChange={(files) => {
        reset.current?.();
        void state.pick(files);
      }}
      accept={EVIDENCE_ACCEPT}
      multiple
    >
      {(props) => (
        <Button
          {...props}
          variant="default"
          leftSection={<IconPaperclip size={16} aria-hidden />}
          disabled={state.full}
          loading={state.busy}
          style={{ alignSelf: "flex-start" }}
        >
          {t("attach.button")}
        </Button>
      )}
    </FileButton>
  );
}

/**
 * The evidence card's "Attach evidence": the files of the last choice with how each upload goes, the picker, and
 * what may be attached.
 */
export function AttachEvidence({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const state = useAttachEvidence(view);
  const done = state.uploads.filter((u) => u.status === "done").length;
  const sent = state.uploads.filter((u) => u.status !== "refused").length;
  return (
    <Stack gap="xs">
      <VisuallyHidden aria-live="polite">
        {state.busy ? t("attach.progress", { done, count: sent }) : state.summary}
      </VisuallyHidden>
      {state.uploads.length > 0 && (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }} aria-label={t("attach.listLabel")}>
          {state.uploads.map((upload) => (
            <UploadRow
              key={upload.key}
              upload={upload}
              onRetry={() => void state.retry(upload)}
              onDismiss={() => state.dismiss(upload.key)}
            />
          ))}
        </Stack>
      )}
      <AttachButton state={state} />
      <Text size="xs" c="dimmed">
        {state.full
          ? t("attach.full", { max: INCIDENT_LIMITS.maxAttachments })
          : t("attach.hint", { size: state.maxMb, max: INCIDENT_LIMITS.maxAttachments })}
      </Text>
    </Stack>
  );
}

function UploadRow({ upload, onRetry, onDismiss }: { upload: Upload; onRetry: () => void; onDismiss: () => void }) {
  const { t } = useTranslation("incidentDetails");
  const icons: Record<Status, ReactNode> = {
    waiting: <IconClock size={18} aria-hidden color="var(--mantine-color-gray-7)" />,
    uploading: <Loader size={16} aria-hidden />,
    done: <IconCircleCheck size={18} aria-hidden color="var(--mantine-color-teal-8)" />,
    failed: <IconAlertCircle size={18} aria-hidden color="var(--mantine-color-red-8)" />,
    refused: <IconAlertCircle size={18} aria-hidden color="var(--mantine-color-red-8)" />,
  };
  const problem = upload.status === "failed" || upload.status === "refused";
  return (
    <li data-status={upload.status}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <span style={{ flexShrink: 0, display: "inline-flex", paddingTop: 2 }}>{icons[upload.status]}</span>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={500} truncate="end" miw={0}>
              {upload.file.name}
            </Text>
            <Text size="xs" c={problem ? "red.8" : "gray.7"} style={{ flexShrink: 0 }}>
              {t(`attach.status.${upload.status}`)}
            </Text>
          </Group>
          {upload.error && (
            <Text size="xs" c="red.8" style={{ overflowWrap: "anywhere" }}>
              {upload.error}
            </Text>
          )}
        </Stack>
        {upload.status === "failed" && (
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size={32}
            onClick={onRetry}
            aria-label={t("attach.retry", { name: upload.file.name })}
          >
            <IconRefresh size={16} aria-hidden />
          </ActionIcon>
        )}
        {problem && (
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size={32}
            onClick={onDismiss}
            aria-label={t("attach.dismiss", { name: upload.file.name })}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </li>
  );
}
