import { MESSAGE_MAX_ATTACHMENTS } from "@convive/domain";
import { ActionIcon, Button, FileButton, Group, Loader, Stack, Switch, Text, Textarea } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconPaperclip, IconRefresh, IconX } from "@tabler/icons-react";
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EVIDENCE_ACCEPT } from "../../../lib/evidence.ts";
import { charactersLeft, isSendShortcut, type Upload } from "../composer.ts";
import { fileSize } from "../format.ts";
import type { ComposerState } from "../use-composer.ts";

/** Below this many characters left, the counter shows (a long letter, not every short reply). */
const COUNTER_FROM = 500;

/**
 * What a message is written with: the text (Ctrl+Enter sends), the files with how each upload goes, and — for
 * staff where the conversation allows it — the urgent switch. The send button is the caller's: the thread's
 * composer and the send dialog place it differently.
 */
export function ComposerFields({
  state,
  canMarkUrgent,
  onSend,
  autoFocus,
  minRows = 2,
}: {
  state: ComposerState;
  canMarkUrgent: boolean;
  onSend: () => void;
  autoFocus?: boolean;
  minRows?: number;
}) {
  const { t } = useTranslation("messages");
  const hintId = useId();
  const left = charactersLeft(state.body);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendShortcut(event)) return;
    event.preventDefault();
    onSend();
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={t("composer.label")}
        placeholder={t("composer.placeholder")}
        value={state.body}
        onChange={(event) => state.setBody(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={minRows}
        maxRows={8}
        error={state.problem ?? undefined}
        aria-describedby={hintId}
        data-autofocus={autoFocus || undefined}
        disabled={state.busy}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="gray.7" id={hintId}>
          {t("composer.shortcut")}
        </Text>
        {left < COUNTER_FROM && (
          <Text size="xs" c={left < 0 ? "red.9" : "gray.7"} aria-live="polite">
            {left < 0 ? t("composer.over", { count: -left }) : t("composer.left", { count: left })}
          </Text>
        )}
      </Group>
      {state.uploads.length > 0 && (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }} aria-label={t("attachments.listLabel")}>
          {state.uploads.map((upload) => (
            <UploadRow
              key={upload.key}
              upload={upload}
              onRetry={() => state.retry(upload.key)}
              onRemove={() => state.remove(upload.key)}
            />
          ))}
        </Stack>
      )}
      <Group gap="md" wrap="wrap" align="center">
        <AttachButton state={state} />
        {canMarkUrgent && (
          <Switch
            label={t("composer.urgent")}
            description={t("composer.urgentHint")}
            checked={state.urgent}
            onChange={(event) => state.setUrgent(event.currentTarget.checked)}
            color="red.8"
            disabled={state.busy}
          />
        )}
      </Group>
      <Text size="xs" c="gray.7">
        {t("attachments.hint", { size: state.maxMb, max: MESSAGE_MAX_ATTACHMENTS })}
      </Text>
    </Stack>
  );
}

/** "Adjuntar": the file picker (emptied after each choice, so the same file may be chosen again). */
function AttachButton({ state }: { state: ComposerState }) {
  const { t } = useTranslation("messages");
  const reset = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={reset}
      onChange={(files) => {
        reset.current?.();
        state.pick(files);
      }}
      accept={EVIDENCE_ACCEPT}
      multiple
    >
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="sm"
          leftSection={<IconPaperclip size={16} aria-hidden />}
          disabled={state.full || state.busy}
        >
          {t("attachments.add")}
        </Button>
      )}
    </FileButton>
  );
}

function UploadRow({ upload, onRetry, onRemove }: { upload: Upload; onRetry: () => void; onRemove: () => void }) {
  const { t, i18n } = useTranslation("messages");
  const icons: Record<Upload["status"], ReactNode> = {
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
              {upload.name}
            </Text>
            <Text size="xs" c={problem ? "red.9" : "gray.7"} style={{ flexShrink: 0 }}>
              {upload.status === "done"
                ? fileSize(upload.size, i18n.resolvedLanguage ?? "es")
                : t(`attachments.status.${upload.status}`)}
            </Text>
          </Group>
          {upload.error && (
            <Text size="xs" c="red.9" style={{ overflowWrap: "anywhere" }}>
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
            aria-label={t("attachments.retry", { name: upload.name })}
          >
            <IconRefresh size={16} aria-hidden />
          </ActionIcon>
        )}
        {upload.status !== "uploading" && (
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size={32}
            onClick={onRemove}
            aria-label={t("attachments.remove", { name: upload.name })}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </li>
  );
}
