import { PASSWORD_MIN_LENGTH } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { trustedDevices } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import * as users from "../users/users.repository.ts";
import * as sessions from "./sessions.repository.ts";
import * as throttle from "./throttle.repository.ts";

/** Login throttling (OWASP): per address, per account from unknown devices, and per account on a known device. */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  perAddress: 50,
  perAccount: 10,
  perTrustedDevice: 10,
} as const;

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

export function createAuthService(deps: { db: Db; config: Config; events: EventBus }) {
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
   * Verifies the credentials and opens a session. Unknown e-mail and wrong password give the same answer
   * after the same argon2 work, so the answer does not reveal whether an account exists.
   */
  async function login(email: string, password: string, client: ClientInfo) {
    const addressKey = `ip:${client.ip}`;
    const accountKey = `acct:${email.trim().toLowerCase()}`;
    const user = await users.findUserByEmail(db, email);
    // Looked up for an unknown e-mail too (user 0 never exists), so both answers do the same work.
    const trusted = (await isTrusted(user?.id ?? 0, client.deviceId)) && Boolean(user);
    const deviceKey = trusted ? `dev:${user!.id}:${hashToken(client.deviceId!)}` : null;

    const counts = await throttle.failureCounts(
      db,
      [addressKey, accountKey, ...(deviceKey ? [deviceKey] : [])],
      THROTTLE.windowMs,
    );
    // A device the owner signed in from before answers only to its own limit: neither failures on the account
    // from elsewhere nor failures from a shared address (a school's NAT) can lock the owner out.
    const blocked = deviceKey
      ? (counts.get(deviceKey) ?? 0) >= THROTTLE.perTrustedDevice
      : (counts.get(addressKey) ?? 0) >= THROTTLE.perAddress || (counts.get(accountKey) ?? 0) >= THROTTLE.perAccount;
    if (blocked) throw new AppError("TOO_MANY_REQUESTS");

    const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !valid) {
      await throttle.recordFailure(db, [addressKey, deviceKey ?? accountKey], THROTTLE.windowMs);
      throw new AppError("LOGIN_FAILED");
    }
    if (!user.isActive) throw new AppError("USER_DEACTIVATED");

    if (deviceKey) await throttle.clearFailures(db, deviceKey);
    const tokens = freshTokens();
    const session = await sessions.insertSession(db, {
      userId: user.id,
      ...tokens.row,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300),
    });
    if (client.deviceId && !trusted) {
      await db
        .insert(trustedDevices)
        .values({ userId: user.id, deviceHash: hashToken(client.deviceId) })
        .onConflictDoNothing();
    }
    return { user, tokens: issued(session.id, tokens) };
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
    await users.updateUserRow(db, userId, { passwordHash: await hashPassword(password), passwordUpdated: 1 });
    deps.events.emit("users.changed", { userId });
    await endAllSessions(userId, sessionId);
  }

  const listSessions = (userId: number) => sessions.listActiveSessions(db, userId);

  return { login, refresh, logout, endOwnSession, endAllSessions, changePassword, checkNewPassword, listSessions };
}

export type AuthService = ReturnType<typeof createAuthService>;
