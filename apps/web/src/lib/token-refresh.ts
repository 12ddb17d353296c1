import { authCodeOf, RETRY_CODES } from "@convive/domain/auth-codes";
import { refreshBackoffMs, SESSION_EXPIRED_BEFORE_MS, SESSION_REFRESH_BEFORE_EXPIRY_MS } from "@convive/domain/core";
import { ApiError, api } from "./api.ts";
import { type IssuedTokens, session } from "./session.ts";

/** True when the access token is within 30 s of expiry (spec §4: treated as expired). */
export function isExpired(now = Date.now()): boolean {
  const { expiresAt } = session.get();
  return expiresAt !== null && now >= expiresAt - SESSION_EXPIRED_BEFORE_MS;
}

/**
 * Refreshes the access token about 5 minutes before it expires; a network failure retries with backoff
 * from 30 s doubling to 16 min; a refused refresh signs out (spec §4 "Identity session", §9).
 */
export function startTokenRefresh(onRefused: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(run, Math.max(0, delay));
  };
  const planNext = () => {
    const { expiresAt } = session.get();
    if (expiresAt !== null) schedule(expiresAt - SESSION_REFRESH_BEFORE_EXPIRY_MS - Date.now());
  };

  async function run() {
    if (!session.get().token) return;
    try {
      // The refresh token travels by itself in its HttpOnly cookie; the call proves it comes from this page with
      // the XSRF double submit, and the XSRF cookie (2 h) may have lapsed while the tab slept: renew it first.
      await api("/sanctum/csrf-cookie", { noSchool: true, quiet: true });
      const { data } = await api<{ data: IssuedTokens }>("/api/auth/refresh", {
        method: "POST",
        noSchool: true,
        quiet: true,
      });
      failures = 0;
      session.storeTokens(data);
      planNext();
    } catch (error) {
      // Spec §4 by the §8 catalogue's client codes: network-request-failed (and the server briefly unavailable)
      // retries with backoff; user-disabled, user-token-expired and any other refusal sign out.
      const code = error instanceof ApiError ? authCodeOf(error) : "network-request-failed";
      if (!RETRY_CODES.includes(code)) return onRefused();
      schedule(refreshBackoffMs(++failures));
    }
  }

  // Back online after a refresh failed or fell due offline (issue 32 §3): refresh now rather than after the backoff.
  const online = () => {
    const { expiresAt } = session.get();
    if (failures > 0 || (expiresAt !== null && Date.now() >= expiresAt - SESSION_REFRESH_BEFORE_EXPIRY_MS)) {
      failures = 0;
      schedule(0);
    }
  };
  window.addEventListener("online", online);
  planNext();
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener("online", online);
  };
}
