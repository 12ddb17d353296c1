import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import * as throttle from "./throttle.repository.ts";

/** Every auth limit counts in fixed 15-minute windows, in the database (shared by every instance). */
export const WINDOW_MS = 15 * 60_000;

/**
 * Sign-in limits (OWASP "Blocking Brute Force Attacks"), per window:
 * - perAccount: failures on one account from devices it never signed in from. Past it a new device is refused
 *   and the owner is e-mailed an unlock link, so an attacker can lock out strangers' devices but not the owner.
 * - perTrustedDevice: failures from a browser the owner signed in from before (or unlocked), on their own.
 * - perAddress: failures from one IP address across accounts. 300 because a school puts everyone behind one NAT
 *   address: a large school (≈1 000 sign-ins in the busiest quarter hour — students, families at the gate, staff)
 *   with one sign-in in five mistyped (shared classroom computers, first week of term) makes ≈200 failures; 300
 *   leaves half again as headroom. Past it only accounts that already have a failure in the window are refused,
 *   so an owner whose account is not under attack is never refused because of a neighbour on the same address;
 *   an attacker there gets one guess per account per window, and a refused owner gets the unlock link.
 */
export const THROTTLE = {
  windowMs: WINDOW_MS,
  perAccount: 10,
  perTrustedDevice: 10,
  perAddress: 300,
} as const;

/**
 * Limits of the other public auth calls, per window. forgot-password per address is 30 for the same NAT reason
 * (a school's staff on the first day) and per e-mail 3 so nobody can flood a mailbox; reset and unlock per address
 * 20 (each reset hashes a password with argon2, the costliest thing a stranger can make the server do); unlock
 * e-mails per account 3, so an attacker hammering a locked account cannot flood its owner's mailbox either.
 */
export const REQUEST_LIMITS = {
  forgotPerAddress: 30,
  forgotPerEmail: 3,
  resetPerAddress: 20,
  unlockPerAddress: 20,
  unlockMailsPerAccount: 3,
  /**
   * Provider sign-ins started from one address (issue 32): each keeps a row of its secrets for 10 minutes, so a
   * stranger looping on the button would fill a table. 300 for the NAT reason above: a whole school signing in
   * through its provider in the first quarter hour.
   */
  oidcStartPerAddress: 300,
} as const;

/** Unlock links are short-lived: long enough to open the e-mail, short enough to be useless when it leaks later. */
export const UNLOCK_TTL_MINUTES = 20;

/**
 * Counts one request against each limit and refuses with 429 when any is past its maximum. Counted before the
 * work, atomically, so parallel requests cannot slip past the limit together.
 */
export async function enforceLimits(db: Db, limits: { key: string; max: number }[]) {
  const counts = await throttle.hit(
    db,
    limits.map((l) => l.key),
    WINDOW_MS,
  );
  if (limits.some((l) => (counts.get(l.key) ?? 0) > l.max)) throw new AppError("TOO_MANY_REQUESTS");
}

/** The one spelling of an e-mail in throttle keys. */
export const emailKey = (email: string) => email.trim().toLowerCase();
