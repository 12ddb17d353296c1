import type { UserPayload } from "@convive/domain";
import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { ApiError } from "../../../lib/api.ts";
import i18n from "../../../lib/i18n.ts";
import { KEYS, readCookie, storage } from "../../../lib/storage.ts";

export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/**
 * POST api/users/{id}/avatar with the picture as the raw body (the shared `api()` only sends JSON). Same
 * headers as every call; errors come back as ApiError with the server's message in the user's language.
 */
export async function uploadAvatar(userId: number, file: File): Promise<UserPayload> {
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
    response = await fetch(`/api/users/${userId}/avatar`, {
      method: "POST",
      headers,
      body: file,
      credentials: "include",
      // An upload on a phone connection gets the longer of the two time-outs.
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
  return payload.data.user as UserPayload;
}
