import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { ApiError } from "../../../lib/api.ts";
import i18n from "../../../lib/i18n.ts";
import { KEYS, readCookie, storage } from "../../../lib/storage.ts";

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const MB = 1024 * 1024;

/**
 * POSTs a file as the raw request body (the shared `api()` sends JSON only), with the same headers as every
 * call; a failure comes back as ApiError with the server's message in the user's language.
 */
export async function postRaw<T>(path: string, file: File): Promise<T> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": i18n.language || "es",
    "Content-Type": file.type,
  };
  const token = storage.get(KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  const school = storage.get(KEYS.schoolId);
  if (school) headers["X-School-Id"] = school;
  const xsrf = readCookie("XSRF-TOKEN");
  if (xsrf) headers["X-XSRF-TOKEN"] = xsrf;
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers,
      body: file,
      credentials: "include",
      // Uploads get the longer (phone) time-out.
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS.mobile),
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && cause.name === "TimeoutError";
    throw new ApiError(
      0,
      timedOut ? "TIMEOUT" : "NETWORK",
      i18n.t(timedOut ? "common:errors.timeout" : "common:errors.network"),
    );
  }
  const payload = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      payload?.code ?? "INTERNAL",
      payload?.message ?? i18n.t("common:errors.unexpected"),
      payload?.errors,
    );
  }
  return payload as T;
}
