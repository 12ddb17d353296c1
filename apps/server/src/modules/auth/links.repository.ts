import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { loginUnlocks, passwordResets, users } from "../../db/schema/index.ts";
import { hashToken } from "../../lib/tokens.ts";

/**
 * What a reset link is bound to: the account's password hash and e-mail when it was sent. A new password (argon2
 * salts every hash, so even the same password) or a new e-mail changes it, and with it every older link dies.
 */
export const accountFingerprint = (account: { passwordHash: string; email: string }) =>
  hashToken(`${account.passwordHash}\n${account.email.trim().toLowerCase()}`);

export async function insertReset(
  tx: Tx,
  values: { userId: number; token: string; fingerprint: string; expiresAt: Date },
) {
  await tx.insert(passwordResets).values({
    userId: values.userId,
    tokenHash: hashToken(values.token),
    accountFingerprint: values.fingerprint,
    expiresAt: values.expiresAt,
  });
}

/** Marks a live (unused, unexpired) reset link used; its user and fingerprint, or undefined when it is not live. */
export async function takeReset(tx: Tx, token: string) {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId, fingerprint: passwordResets.accountFingerprint });
  return row;
}

/**
 * Sets the password only if it is still `previousHash` (compare-and-set): of two links used at once, the second
 * finds the hash changed under it and gets nothing. True when it was set.
 */
export async function replacePassword(tx: Tx, userId: number, previousHash: string, passwordHash: string) {
  const rows = await tx
    .update(users)
    .set({ passwordHash, passwordUpdated: 1, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.passwordHash, previousHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Ends every reset and unlock link of the account still open (after any password change). */
export async function voidLinks(tx: Tx, userId: number) {
  const now = new Date();
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await tx
    .update(loginUnlocks)
    .set({ usedAt: now })
    .where(and(eq(loginUnlocks.userId, userId), isNull(loginUnlocks.usedAt)));
}

export async function insertUnlock(tx: Tx, values: { userId: number; token: string; expiresAt: Date }) {
  await tx
    .insert(loginUnlocks)
    .values({ userId: values.userId, tokenHash: hashToken(values.token), expiresAt: values.expiresAt });
}

/** Marks a live unlock link used and voids the account's other unlock links; its user id, or undefined. */
export async function takeUnlock(tx: Tx, token: string): Promise<number | undefined> {
  const now = new Date();
  const [row] = await tx
    .update(loginUnlocks)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginUnlocks.tokenHash, hashToken(token)),
        isNull(loginUnlocks.usedAt),
        gt(loginUnlocks.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: loginUnlocks.userId });
  if (!row) return undefined;
  await tx
    .update(loginUnlocks)
    .set({ usedAt: now })
    .where(and(eq(loginUnlocks.userId, row.userId), isNull(loginUnlocks.usedAt)));
  return row.userId;
}
