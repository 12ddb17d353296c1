import { PASSWORD_MIN_LENGTH } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { trustedDevices } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import * as users from "../users/index.ts";
import { emailKey, THROTTLE } from "./limits.ts";
import * as links from "./links.repository.ts";
import type { LoginUnlockService } from "./login-unlock.service.ts";
import * as sessions from "./sessions.repository.ts";
import * as throttle from "./throttle.repository.ts";

export { THROTTLE } from "./limits.ts";

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  /** Random id kept in an http-only cookie; a device that signed in before is trusted. */
  deviceId?: string;
}

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export function createAuthService(deps: {
  db: Db;
  config: Config;
  events: EventBus;
  unlocks: Pick<LoginUnlockService, "offer">;
}) {
  const { db, config } = deps;
  const accessTtlMs = config.ACCESS_TOKEN_TTL_MINUTES * 60_000;
  const refreshTtlMs = config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;

  function freshTokens() {
    const accessToken = newToken();
    const refreshToken = newToken();
    const now = Date.now();
    return {
      accessToken,
      refreshToken,
      row: {
        accessHash: hashToken(accessToken),
        refreshHash: hashToken(refreshToken),
        accessExpiresAt: new Date(now + accessTtlMs),
        refreshExpiresAt: new Date(now + refreshTtlMs),
      },
    };
  }

  async function isTrusted(userId: number, deviceId?: string) {
    if (!deviceId) return false;
    const [row] = await db
      .select()
      .from(trustedDevices)
      .where(and(eq(trustedDevices.userId, userId), eq(trustedDevices.deviceHash, hashToken(deviceId))));
    return Boolean(row);
  }

  /**
   * Which limit a sign-in answers to, counted before the password is checked: the attempt is added to its
   * counters atomically first (so 30 parallel guesses against a limit of 10 get at most 10 checks) and taken
   * back when it turns out not to be a failure. A trusted device answers only to its own counter; any other
   * device to the account's, and to the address's only when the account already has a failure in the window.
   */
  async function countAttempt(user: users.UserRow | undefined, email: string, client: ClientInfo) {
    const addressKey = `ip:${client.ip}`;
    // Looked up for an unknown e-mail too (user 0 never exists), so both answers do the same work.
    const trusted = (await isTrusted(user?.id ?? 0, client.deviceId)) && Boolean(user);
    const ownKey = trusted ? `dev:${user!.id}:${hashToken(client.deviceId!)}` : `acct:${emailKey(email)}`;
    const counts = await throttle.hit(db, [addressKey, ownKey], THROTTLE.windowMs);
    const own = counts.get(ownKey) ?? 0;
    const address = counts.get(addressKey) ?? 0;
    let refusal: "TOO_MANY_REQUESTS" | "ACCOUNT_LOCKED" | null = null;
    if (trusted && own > THROTTLE.perTrustedDevice) refusal = "TOO_MANY_REQUESTS";
    if (!trusted && (own > THROTTLE.perAccount || (address > THROTTLE.perAddress && own > 1))) {
      refusal = "ACCOUNT_LOCKED";
    }
    return { keys: [addressKey, ownKey] as const, trusted, refusal };
  }

  /**
   * Verifies the credentials and opens a session. Unknown e-mail and wrong password give the same answer
   * after the same argon2 work, so the answer does not reveal whether an account exists. A device refused
   * because of the account's failures gets ACCOUNT_LOCKED, and the owner an e-mailed unlock link.
   */
  async function login(email: string, password: string, client: ClientInfo) {
    const user = await users.findUserByEmail(db, email);
    const attempt = await countAttempt(user, email, client);
    if (attempt.refusal) {
      // Not checked, so not a failure: the counters keep only real failures and checks in flight.
      await throttle.forgive(db, [...attempt.keys]);
      if (attempt.refusal === "ACCOUNT_LOCKED") deps.unlocks.offer(email);
      throw new AppError(attempt.refusal);
    }
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !valid) throw new AppError("LOGIN_FAILED");
    // The right password: the attempt was no failure. A device's own count starts over.
    if (attempt.trusted) await throttle.clearFailures(db, attempt.keys[1]);
    await throttle.forgive(db, attempt.trusted ? [attempt.keys[0]] : [...attempt.keys]);
    if (!user.isActive) throw new AppError("USER_DEACTIVATED");
    return { user, tokens: await openSession(user.id, client, attempt.trusted) };
  }

  /**
   * Opens a session for a user whose identity was just proven (the password at sign-in, an invitation's e-mailed
   * token spent choosing the password of a new account, or a school's identity provider — whose session reaches
   * only that school: `schoolId`); the device becomes trusted.
   */
  async function openSession(
    userId: number,
    client: ClientInfo,
    trusted = false,
    scope: { schoolId?: string } = {},
  ): Promise<IssuedTokens> {
    const tokens = freshTokens();
    const session = await sessions.insertSession(db, {
      userId,
      providerSchoolId: scope.schoolId ?? null,
      ...tokens.row,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300),
    });
    if (client.deviceId && !trusted) {
      await db
        .insert(trustedDevices)
        .values({ userId, deviceHash: hashToken(client.deviceId) })
        .onConflictDoNothing();
    }
    return issued(session.id, tokens);
  }

  const issued = (sessionId: string, t: ReturnType<typeof freshTokens>): IssuedTokens => ({
    sessionId,
    accessToken: t.accessToken,
    refreshToken: t.refreshToken,
    expiresIn: Math.floor(accessTtlMs / 1000),
  });

  /** Exchanges a refresh token for a new pair; the old pair stops working (rotation). */
  async function refresh(refreshToken: string): Promise<IssuedTokens> {
    const session = await sessions.findByRefreshHash(db, hashToken(refreshToken));
    if (!session) throw new AppError("REFRESH_TOKEN_INVALID");
    const user = await users.findUserById(db, session.userId);
    if (!user?.isActive) throw new AppError("REFRESH_TOKEN_INVALID");
    const tokens = freshTokens();
    await sessions.rotateTokens(db, session.id, tokens.row);
    deps.events.emit("sessions.rotated", { userId: session.userId, sessionId: session.id });
    return issued(session.id, tokens);
  }

  async function logout(userId: number, sessionId: string) {
    if (await sessions.revokeSession(db, userId, sessionId)) {
      deps.events.emit("sessions.revoked", { userId, sessionIds: [sessionId] });
    }
  }

  /** Ends one of the caller's own sessions; 404 when it is not theirs. */
  async function endOwnSession(userId: number, sessionId: string) {
    const ok = await sessions.revokeSession(db, userId, sessionId);
    if (!ok) throw new AppError("NOT_FOUND");
    deps.events.emit("sessions.revoked", { userId, sessionIds: [sessionId] });
  }

  /** Ends every session of a user (disabling, password reset), keeping `exceptId` if given. */
  async function endAllSessions(userId: number, exceptId?: string) {
    const ended = await sessions.revokeAllSessions(db, userId, exceptId);
    if (ended.length) deps.events.emit("sessions.revoked", { userId, sessionIds: ended });
  }

  function checkNewPassword(password: string, confirmation: string) {
    if (password !== confirmation)
      throw new AppError("PASSWORDS_DO_NOT_MATCH", { password_confirmation: "PASSWORDS_DO_NOT_MATCH" });
    if (password.length < PASSWORD_MIN_LENGTH) throw new AppError("WEAK_PASSWORD", { password: "WEAK_PASSWORD" });
  }

  /** Sets a new password, marks password_updated and ends the user's other sessions. */
  async function changePassword(
    userId: number,
    sessionId: string,
    current: string,
    password: string,
    confirmation: string,
  ) {
    const user = await users.findUserById(db, userId);
    if (!user) throw new AppError("UNAUTHENTICATED");
    checkNewPassword(password, confirmation);
    if (!(await verifyPassword(user.passwordHash, current))) {
      throw new AppError("CURRENT_PASSWORD_WRONG", { current_password: "CURRENT_PASSWORD_WRONG" });
    }
    // A forced change (password_updated = 0) kept with the same password would leave the temporary one in use.
    // The current one was just verified, so comparing the texts is comparing with the stored password.
    if (password === current) {
      throw new AppError("PASSWORD_UNCHANGED", { password: "PASSWORD_UNCHANGED" });
    }
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await users.updateUserRow(tx, userId, { passwordHash, passwordUpdated: 1 });
      // Links sent before the change are dead by their fingerprint already; this says so in the table too.
      await links.voidLinks(tx, userId);
    });
    deps.events.emit("users.changed", { userId });
    await endAllSessions(userId, sessionId);
  }

  const listSessions = (userId: number) => sessions.listActiveSessions(db, userId);

  return {
    login,
    openSession,
    refresh,
    logout,
    endOwnSession,
    endAllSessions,
    changePassword,
    checkNewPassword,
    listSessions,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
