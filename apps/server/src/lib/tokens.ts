import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored as SHA-256: they are random, so a slow hash adds nothing. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
