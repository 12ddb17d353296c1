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
