import type { MessageAttachment } from "@convive/domain";
import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { api, download } from "../../../lib/api.ts";

/**
 * POST /api/message-attachments: a file for a message not yet sent, uploaded as soon as it is chosen — the raw
 * bytes with their own type and the name in the query, as every upload of the app; `attachment_ids` then names it.
 */
export const uploadMessageAttachment = (file: File, signal?: AbortSignal) =>
  api<{ data: MessageAttachment }>(`/api/message-attachments?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    body: file,
    signal,
  }).then((r) => r.data);

/** Hands a downloaded blob to the browser as a file. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An attachment: its URL needs the bearer token, so it is fetched and handed over rather than linked. */
export async function downloadAttachment(attachment: MessageAttachment) {
  const file = await download(attachment.url, { timeoutMs: REQUEST_TIMEOUT_MS.mobile });
  saveBlob(file.blob, attachment.file_name);
}

/**
 * GET /api/students/:id/conversation/pdf — the conversation with who wrote, when, and who read it, in the reader's
 * language. On a computer it opens in a new tab; on a phone, or when the tab is blocked, it is downloaded.
 */
export async function openConversationPdf(studentId: number, fallbackName: string) {
  const phone = window.matchMedia("(pointer: coarse)").matches;
  // The tab is opened now, inside the click, or the browser would block it after the wait.
  const tab = phone ? null : window.open("", "_blank");
  try {
    const file = await download(`/api/students/${studentId}/conversation/pdf`, {
      timeoutMs: REQUEST_TIMEOUT_MS.mobile,
    });
    if (tab) {
      const url = URL.createObjectURL(file.blob);
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } else {
      saveBlob(file.blob, file.name ?? fallbackName);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
