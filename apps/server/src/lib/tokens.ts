import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

/** 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored as SHA-256: they are random, so a slow hash adds nothing. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const SESSION_COOKIE = "convive_session";

/** The access token of a request: the Authorization bearer first, else the session cookie. */
export function readToken(request: FastifyRequest): { token: string; via: "bearer" | "cookie" } | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), via: "bearer" };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: "cookie" } : null;
}
