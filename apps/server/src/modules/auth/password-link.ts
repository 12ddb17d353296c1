import type { Tx } from "../../db/client.ts";
import { newToken } from "../../lib/tokens.ts";
import * as links from "./links.repository.ts";

/**
 * A single-use link to choose a password, for an account someone else created (root's admin users screen, issue 26
 * §4): a reset link in all but its lifetime, bound to the account as it is now, so it dies when the password or
 * the e-mail changes. Written in the caller's transaction with the e-mail that carries it; answers the token.
 */
export async function openPasswordLink(
  tx: Tx,
  account: { id: number; passwordHash: string; email: string },
  expiresAt: Date,
): Promise<string> {
  const token = newToken();
  await links.insertReset(tx, {
    userId: account.id,
    token,
    fingerprint: links.accountFingerprint(account),
    expiresAt,
  });
  return token;
}
