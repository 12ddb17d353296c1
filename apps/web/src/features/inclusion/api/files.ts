import type { MessageAttachment } from "@convive/domain";
import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { api, download } from "../../../lib/api.ts";

/**
 * POST /api/support-attachments — a document for a condition or a signed letter, uploaded as soon as it is
 * chosen (the raw bytes with their own type, the name in the query); the save then names its id.
 */
export const uploadSupportFile = (file: Blob, name: string, idempotencyKey: string) =>
  api<{ data: MessageAttachment }>(`/api/support-attachments?name=${encodeURIComponent(name)}`, {
    method: "POST",
    body: file,
    idempotencyKey,
  }).then((r) => r.data);

/** Hands a downloaded blob to the browser as a file. */
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

/** A document: its URL needs the bearer token, so it is fetched and handed over rather than linked. */
export async function downloadSupportFile(file: MessageAttachment) {
  const { blob } = await download(file.url, { timeoutMs: REQUEST_TIMEOUT_MS.mobile });
  saveBlob(blob, file.file_name);
}

/**
 * The carta compromiso (GET …/letter.pdf, in the reader's language; a read the server logs). On a computer it
 * opens in a new tab; on a phone, or when the tab is blocked, it is downloaded.
 */
export async function openLetter(url: string, fallbackName: string) {
  const phone = window.matchMedia("(pointer: coarse)").matches;
  // The tab is opened now, inside the click, or the browser would block it after the wait.
  const tab = phone ? null : window.open("", "_blank");
  try {
    const file = await download(url, { timeoutMs: REQUEST_TIMEOUT_MS.mobile });
    if (tab) {
      const href = URL.createObjectURL(file.blob);
      tab.location.href = href;
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } else {
      saveBlob(file.blob, file.name ?? fallbackName);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
