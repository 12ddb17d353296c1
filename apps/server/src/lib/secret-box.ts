import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Secrets the server must read back (a school's identity-provider client secret) are stored sealed, never in clear:
 * AES-256-GCM under SECRETS_KEY from the environment, a fresh 96-bit nonce each time, and the row's owner (the
 * school's id) as associated data, so a sealed value copied into another school's row does not open.
 * Format: `v1.<nonce>.<tag>.<ciphertext>` (base64url); the version leaves room for a key rotation.
 */
const VERSION = "v1";

/** SECRETS_KEY as a key: base64 of exactly 32 bytes (`openssl rand -base64 32`); null when unset. */
export function secretsKey(value: string | undefined): Buffer | null {
  if (!value) return null;
  const key = Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error("SECRETS_KEY must be base64 of 32 bytes (openssl rand -base64 32)");
  return key;
}

export function sealSecret(key: Buffer, owner: string, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(owner, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The clear secret; throws when the key, the owner or the text is not the one it was sealed with. */
export function openSecret(key: Buffer, owner: string, sealed: string): string {
  const [version, nonce, tag, body] = sealed.split(".");
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
  decipher.setAAD(Buffer.from(owner, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
