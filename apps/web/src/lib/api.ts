import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import i18n from "./i18n.ts";
import { KEYS, readCookie, storage } from "./storage.ts";

/** A failed call, carrying the server's `{ message, code, errors }` (message already in the user's language). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

type Listener = (error: ApiError, path: string) => void;
let onAuthFailure: Listener | null = null;
/** The session layer signs the user out on 401/419 (spec §8). */
export const setAuthFailureHandler = (listener: Listener | null) => {
  onAuthFailure = listener;
};

const isMobile = () => typeof window !== "undefined" && window.matchMedia("(pointer: coarse)").matches;

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  timeoutMs?: number;
  /** Leave out X-School-Id (platform and sign-in calls). */
  noSchool?: boolean;
  /** Name this school instead of the selected one (entering another school before switching to it). */
  school?: string;
  /** Do not sign out on 401/419 (used by the sign-in calls themselves). */
  quiet?: boolean;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key` on a create a double click or a retry can repeat: the server runs the first request
   * with a key and answers later ones with the same result without writing again. `useSave` (lib/use-save.ts)
   * keeps one per submission; `newIdempotencyKey()` makes one.
   */
  idempotencyKey?: string;
}

/** A fresh key for `idempotencyKey` (random UUID; `crypto.randomUUID` needs HTTPS or localhost, so a fallback). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Calls the API with the bearer token, the selected school, the XSRF header and the user's language;
 * times out after 30 s (60 s on a phone) as spec §9 says.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => null)) as T;
}

/** Downloads a file the API answers (a template, an export) with the same headers and errors as `api()`. */
export async function download(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; name: string | null }> {
  const response = await send(path, options);
  const disposition = response.headers.get("content-disposition") ?? "";
  return { blob: await response.blob(), name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

/** The one place that talks to the server: headers, time-out, and failures as ApiError (401/419 sign out). */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": i18n.language || "es" };
  const token = storage.get(KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  const school = options.school ?? storage.get(KEYS.schoolId);
  if (school && !options.noSchool) headers["X-School-Id"] = school;
  const xsrf = readCookie("XSRF-TOKEN");
  if (xsrf) headers["X-XSRF-TOKEN"] = xsrf;
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  // A file (Blob) goes as the raw body with its own type; anything else as JSON.
  const raw = options.body instanceof Blob ? options.body : null;
  if (raw) headers["Content-Type"] = raw.type || "application/octet-stream";
  else if (options.body !== undefined) headers["Content-Type"] = "application/json";

  // Uploads get the longer (phone) time-out wherever they run.
  const timeout = options.timeoutMs ?? (isMobile() || raw ? REQUEST_TIMEOUT_MS.mobile : REQUEST_TIMEOUT_MS.desktop);
  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(timeout)])
    : AbortSignal.timeout(timeout);
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      credentials: "include",
      signal,
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && cause.name === "TimeoutError";
    throw new ApiError(
      0,
      timedOut ? "TIMEOUT" : "NETWORK",
      i18n.t(timedOut ? "common:errors.timeout" : "common:errors.network"),
    );
  }
  if (response.ok) return response;
  const refused = response.status === 401 || response.status === 419;
  const current = storage.get(KEYS.token);
  if (refused && token && current && current !== token) {
    // The token was replaced while this call was on its way (the refresh 5 minutes before expiry rotates it, and
    // the old one stops at once; the server refuses before doing anything): the call goes again with the new one.
    return send(path, options);
  }
  const payload = await response.json().catch(() => null);
  const error = new ApiError(
    response.status,
    payload?.code ?? "INTERNAL",
    payload?.message ?? i18n.t("common:errors.unexpected"),
    payload?.errors,
  );
  if (!options.quiet && refused) onAuthFailure?.(error, path);
  throw error;
}
