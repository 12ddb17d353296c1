import type { FastifyReply } from "fastify";
import { type CookieSettings, setCookie } from "../../lib/http.ts";
import { newToken } from "../../lib/tokens.ts";
import { SESSION_COOKIE } from "../../plugins/access.ts";
import type { IssuedTokens } from "./auth.service.ts";

export const REFRESH_COOKIE = "convive_refresh";
/**
 * The refresh token's cookie goes only to the refresh call: HttpOnly (no script reads it), SameSite=Strict (no
 * other site's page sends it), Secure under https. Scripts never see the token: it is in no JSON answer.
 */
export const REFRESH_PATH = "/api/auth/refresh";
export const DEVICE_COOKIE = "convive_device";
const YEAR_SECONDS = 365 * 86_400;

export interface SessionCookieSettings {
  cookies: CookieSettings;
  refreshTtlSeconds: number;
}

/** The cookies of a session just opened: the same for a sign-in and for an accepted invitation. */
export function setSessionCookies(reply: FastifyReply, settings: SessionCookieSettings, t: IssuedTokens) {
  setCookie(reply, settings.cookies, SESSION_COOKIE, t.accessToken, { httpOnly: true, maxAgeSeconds: t.expiresIn });
  setCookie(reply, settings.cookies, REFRESH_COOKIE, t.refreshToken, {
    httpOnly: true,
    maxAgeSeconds: settings.refreshTtlSeconds,
    path: REFRESH_PATH,
    sameSite: "strict",
  });
  // Earlier versions set it for the whole site; that copy must not linger.
  reply.clearCookie(REFRESH_COOKIE, { path: "/" });
}

/**
 * A first-time device gets its id now, so this very sign-in (or unlock) makes it trusted: the cookie the owner
 * receives here is what keeps them out of a lockout an attacker causes later.
 */
export function deviceOf(reply: FastifyReply, cookies: CookieSettings, current: string | undefined) {
  const deviceId = current ?? newToken();
  setCookie(reply, cookies, DEVICE_COOKIE, deviceId, { httpOnly: true, maxAgeSeconds: YEAR_SECONDS });
  return deviceId;
}

/** What the web stores of a session (the access token; the refresh token stays in its cookie). */
export const tokenBody = (t: IssuedTokens) => ({
  access_token: t.accessToken,
  token_type: "Bearer" as const,
  expires_in: t.expiresIn,
});

/** The cookie settings from the configuration: Secure under https (or as COOKIE_SECURE says). */
export const sessionCookieSettings = (config: {
  COOKIE_SECURE?: boolean;
  PUBLIC_URL: string;
  REFRESH_TOKEN_TTL_DAYS: number;
}): SessionCookieSettings => ({
  cookies: { secure: config.COOKIE_SECURE ?? config.PUBLIC_URL.startsWith("https:") },
  refreshTtlSeconds: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
});
