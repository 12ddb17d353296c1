import type { MessageAttachment } from "@convive/domain";
import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { api, download } from "../../../lib/api.ts";

/**
 * POST /api/support-attachments: a file for a referral (the signed consent, a follow-up's report) uploaded as soon
 * as it is chosen — the raw bytes with their own type and the name in the query, as every upload of the app; the
 * save then names it. A retry after no answer sends the same key: one file.
 */
export const uploadSupportFile = (file: Blob, name: string, idempotencyKey: string) =>
  api<{ data: MessageAttachment }>(`/api/support-attachments?name=${encodeURIComponent(name)}`, {
    method: "POST",
    body: file,
    idempotencyKey,
  }).then((r) => r.data);

/** Hands a support file to the browser: its URL needs the bearer token (and the read is logged), so it is fetched. */
export async function downloadSupportFile(file: MessageAttachment) {
  const { blob } = await download(file.url, { timeoutMs: REQUEST_TIMEOUT_MS.mobile });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
