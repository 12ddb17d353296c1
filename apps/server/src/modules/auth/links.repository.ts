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

/** The user and fingerprint of a live (unused, unexpired) reset link; undefined when it is not live. */
export async function liveReset(tx: Tx, token: string) {
  const [row] = await tx
    .select({ userId: passwordResets.userId, fingerprint: passwordResets.accountFingerprint })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/**
 * Locks the account's row for the rest of the transaction. Every change of an account's links locks the account
 * first, then the links: one order for all, so two links used at once queue instead of deadlocking.
 */
export async function lockAccount(tx: Tx, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return row;
}

/** Marks the reset link used; false when it was used in the meantime. */
export async function takeReset(tx: Tx, token: string): Promise<boolean> {
  const rows = await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return rows.length > 0;
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

/**
 * Spends a live unlock link and voids the account's other unlock links (the account locked first, as above); its
 * user id, or undefined when the link is not live.
 */
export async function takeUnlock(tx: Tx, token: string): Promise<number | undefined> {
  const tokenHash = hashToken(token);
  const [live] = await tx
    .select({ userId: loginUnlocks.userId })
    .from(loginUnlocks)
    .where(
      and(eq(loginUnlocks.tokenHash, tokenHash), isNull(loginUnlocks.usedAt), gt(loginUnlocks.expiresAt, sql`now()`)),
    );
  if (!live) return undefined;
  await lockAccount(tx, live.userId);
  const spent = await tx
    .update(loginUnlocks)
    .set({ usedAt: new Date() })
    .where(and(eq(loginUnlocks.userId, live.userId), isNull(loginUnlocks.usedAt)))
    .returning({ tokenHash: loginUnlocks.tokenHash });
  return spent.some((row) => row.tokenHash === tokenHash) ? live.userId : undefined;
}
