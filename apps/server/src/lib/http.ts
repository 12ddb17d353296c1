import type { Readable } from "node:stream";
import { ErrorResponse } from "@convive/domain";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Response schemas for the error statuses a route may answer with. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponse])) as Record<S, typeof ErrorResponse>;
}

/** Statuses every authenticated route can answer (no token, bad XSRF, no school, forbidden, another school). */
export const AUTH_ERRORS = errorResponses(400, 401, 403, 404, 419, 422);

export const clientIp = (request: FastifyRequest) => request.ip;

export interface CookieSettings {
  secure: boolean;
}

export function setCookie(
  reply: FastifyReply,
  settings: CookieSettings,
  name: string,
  value: string,
  options: { httpOnly: boolean; maxAgeSeconds: number; path?: string; sameSite?: "lax" | "strict" },
) {
  reply.setCookie(name, value, {
    path: options.path ?? "/",
    httpOnly: options.httpOnly,
    sameSite: options.sameSite ?? "lax",
    secure: settings.secure,
    maxAge: options.maxAgeSeconds,
  });
}

/**
 * Content-Disposition naming a file: an ASCII fallback plus the exact name in RFC 5987 form, so "Evidencia ñ.pdf"
 * survives and a quote or line break in a name cannot break the header.
 */
export function contentDisposition(fileName: string, kind: "attachment" | "inline" = "attachment"): string {
  const ascii =
    fileName
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "_")
      .trim() || "file";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * Sends a file the server drew for the caller (PDF, XLSX, CSV) under its name. Never stored by the browser or a
 * proxy: it holds the school's data as this caller may see it. `inline` opens it in the browser's viewer.
 */
export function sendGeneratedFile(
  reply: FastifyReply,
  file: {
    name: string;
    type: string;
    body: Buffer | Uint8Array | string | Readable;
    disposition?: "attachment" | "inline";
  },
) {
  return reply
    .type(file.type)
    .header("content-disposition", contentDisposition(file.name, file.disposition))
    .header("cache-control", "private, no-store")
    .send(file.body);
}
