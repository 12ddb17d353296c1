import {
  MESSAGE_CORRECTION_MINUTES,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  type MessageAttachment,
  type SendMessageBody,
} from "@convive/domain";
import { evidenceType, MB } from "../../lib/evidence.ts";

/**
 * The composer's rules, checked in the browser before anything is sent (the server checks them again): the text,
 * the files (the types every upload of the app takes, the school's size limit, MESSAGE_MAX_ATTACHMENTS), the
 * urgent flag (staff only, where the conversation allows it), and the correction window.
 */

export type UploadStatus = "uploading" | "done" | "failed" | "refused";

/** A file chosen for the message being written: uploaded at once, named by `attachment_ids` when it is sent. */
export interface Upload {
  key: number;
  name: string;
  size: number;
  status: UploadStatus;
  /** The file itself, kept for a retry after a failed upload. */
  file?: File;
  attachment?: MessageAttachment;
  /** The server's reason (already in the reader's language), or why the browser refused the file. */
  error?: string;
}

export type AttachmentProblem =
  | { key: "wrongType" }
  | { key: "tooLarge"; size: number }
  | { key: "tooMany"; max: number };

/** Why a file cannot go with the message, or null; `already` counts the files chosen before it and still kept. */
export function attachmentProblem(
  file: { name: string; type: string; size: number },
  maxMb: number,
  already: number,
): AttachmentProblem | null {
  if (already >= MESSAGE_MAX_ATTACHMENTS) return { key: "tooMany", max: MESSAGE_MAX_ATTACHMENTS };
  if (!evidenceType(file)) return { key: "wrongType" };
  if (file.size > maxMb * MB) return { key: "tooLarge", size: maxMb };
  return null;
}

/** The files that count against the limit: those on their way or uploaded (a refused or failed one does not). */
export const keptUploads = (uploads: readonly Upload[]) =>
  uploads.filter((u) => u.status === "uploading" || u.status === "done");

export type ComposerProblem = "empty" | "tooLong" | "uploading" | "failedUpload";

/** What stops the message from going now, or null when it may be sent. */
export function composerProblem(body: string, uploads: readonly Upload[]): ComposerProblem | null {
  const text = body.trim();
  if (text.length === 0) return "empty";
  if (text.length > MESSAGE_MAX_LENGTH) return "tooLong";
  if (uploads.some((u) => u.status === "uploading")) return "uploading";
  if (uploads.some((u) => u.status === "failed")) return "failedUpload";
  return null;
}

/** Characters left before MESSAGE_MAX_LENGTH (negative when over), counted as the server does: trimmed. */
export const charactersLeft = (body: string) => MESSAGE_MAX_LENGTH - body.trim().length;

/** Ctrl+Enter (⌘+Enter on a Mac) sends; Enter alone is a new line, and nothing sends mid-composition (IME). */
export function isSendShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  nativeEvent?: { isComposing?: boolean };
}): boolean {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.nativeEvent?.isComposing;
}

/**
 * The body of POST /api/students/:id/messages: the text trimmed, urgent only where the reader may mark it (a
 * family's urgent message is refused), the incident when the message is about one, and the uploaded files.
 */
export function sendBody(input: {
  body: string;
  urgent: boolean;
  canMarkUrgent: boolean;
  incidentId?: number | null;
  uploads: readonly Upload[];
}): SendMessageBody {
  return {
    body: input.body.trim(),
    urgent: input.canMarkUrgent && input.urgent,
    incident_id: input.incidentId ?? null,
    attachment_ids: input.uploads.flatMap((u) => (u.status === "done" && u.attachment ? [u.attachment.id] : [])),
  };
}

/**
 * Whether "Corregir" still shows: the server says the author may (`can_correct`), and the window has not closed
 * since the thread was read (it closes MESSAGE_CORRECTION_MINUTES after sending).
 */
export function correctionOpen(message: { can_correct: boolean; created_at: string }, now: Date): boolean {
  return message.can_correct && now.getTime() < Date.parse(message.created_at) + MESSAGE_CORRECTION_MINUTES * 60_000;
}

/** When the correction window closes, in ms from `now` (0 when closed): the button goes at that moment. */
export function correctionLeftMs(message: { can_correct: boolean; created_at: string }, now: Date): number {
  if (!message.can_correct) return 0;
  return Math.max(0, Date.parse(message.created_at) + MESSAGE_CORRECTION_MINUTES * 60_000 - now.getTime());
}
