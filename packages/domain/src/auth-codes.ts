/**
 * Spec §8's catalogue of sign-in failures (issue 32 §2). The old client mapped its identity service's error codes
 * to client codes (wrong-password, user-disabled, network-request-failed, …) whose messages the spec does not show.
 * Convive keeps those client codes as the one vocabulary of every sign-in failure — its own sign-in, the reset and
 * unlock links, the session refresh and a school's identity provider — each with its message in both languages,
 * and the session rules of §4 act on them ("on user-disabled or user-token-expired during a token request, the user
 * is signed out"; a network failure retries with backoff). No zod: the sign-in screen loads it.
 */
import type { Message } from "./errors.ts";
import codes from "./messages/auth-codes.json" with { type: "json" };

/**
 * The client codes and their messages (messages/auth-codes.json): the spec's list word for word, then the
 * identity service's own names for the few failures its list leaves to "and others" (`note` says which).
 */
export const AUTH_CODES = codes satisfies Record<string, Message>;
export type AuthCode = keyof typeof AUTH_CODES;

/** The failure a client saw without an answer from the server (no connection, the request timed out). */
export const NETWORK_FAILURE = "NETWORK";

/**
 * Every failure a sign-in path can produce → its client code: the server's error codes (the `code` of its answer,
 * also the `?oidc_error=` a provider sign-in returns to the sign-in page with) and the client's own (the form's
 * checks, no connection).
 */
export const AUTH_FAILURES = {
  // The own sign-in (POST /login) and its form. An unknown e-mail answers LOGIN_FAILED too (no account is revealed).
  LOGIN_FAILED: "wrong-password",
  MISSING_PASSWORD: "missing-password",
  INVALID_EMAIL: "invalid-email",
  EMPTY_FIELDS: "missing-password",
  VALIDATION: "invalid-credential",
  USER_DEACTIVATED: "user-disabled",
  TOO_MANY_REQUESTS: "too-many-requests",
  ACCOUNT_LOCKED: "too-many-requests",
  // The reset and unlock links (a new password's own checks too).
  WEAK_PASSWORD: "weak-password",
  PASSWORDS_DO_NOT_MATCH: "passwords-do-not-match",
  RESET_TOKEN_INVALID: "invalid-action-code",
  UNLOCK_TOKEN_INVALID: "invalid-action-code",
  EMAIL_TAKEN: "email-already-in-use",
  // The session and its refresh (spec §4).
  UNAUTHENTICATED: "invalid-user-token",
  REFRESH_TOKEN_INVALID: "user-token-expired",
  CSRF_TOKEN_MISMATCH: "requires-recent-login",
  PASSWORD_SIGN_IN_OFF: "operation-not-allowed",
  SERVICE_UNAVAILABLE: "internal-error",
  [NETWORK_FAILURE]: "network-request-failed",
  // A school's identity provider (OpenID Connect).
  OIDC_NOT_CONFIGURED: "operation-not-allowed",
  OIDC_PROVIDER_UNAVAILABLE: "network-request-failed",
  OIDC_DENIED: "user-cancelled",
  OIDC_FLOW_EXPIRED: "code-expired",
  OIDC_STATE_MISMATCH: "invalid-verification-code",
  OIDC_TOKEN_INVALID: "invalid-verification-code",
  OIDC_TOKEN_EXPIRED: "code-expired",
  OIDC_CODE_REJECTED: "invalid-verification-code",
  OIDC_EMAIL_UNVERIFIED: "unverified-email",
  OIDC_UNKNOWN_USER: "user-not-found",
  OIDC_DOMAIN_NOT_ALLOWED: "admin-restricted-operation",
  OIDC_TENANT_MISMATCH: "tenant-id-mismatch",
} as const satisfies Record<string, AuthCode>;
export type AuthFailure = keyof typeof AUTH_FAILURES;

export const isAuthFailure = (value: string): value is AuthFailure => Object.hasOwn(AUTH_FAILURES, value);

/**
 * The client code of a failed call: its answer's code when the catalogue knows it, no answer at all (status 0) is
 * network-request-failed, any other server failure internal-error.
 */
export function authCodeOf(failure: { status: number; code?: string }): AuthCode {
  if (failure.code && isAuthFailure(failure.code)) return AUTH_FAILURES[failure.code];
  if (failure.status === 0) return "network-request-failed";
  return failure.status >= 500 ? "internal-error" : "operation-not-allowed";
}

/** The message a person reads for a client code, in their language. */
export const authMessage = (code: AuthCode, language: "es" | "en"): string => AUTH_CODES[code][language];

/**
 * What the screen says about a failure: its client code's message (the sign-in page carries this small table, not
 * the server's whole error catalogue; the server's answers keep their own words for the same codes).
 */
export const authFailureMessage = (failure: { status: number; code?: string }, language: "es" | "en"): string =>
  authMessage(authCodeOf(failure), language);

/** Spec §4: a token request refused with these signs the user out; network failures retry with backoff. */
export const SIGN_OUT_CODES: readonly AuthCode[] = ["user-disabled", "user-token-expired", "invalid-user-token"];
export const RETRY_CODES: readonly AuthCode[] = ["network-request-failed", "internal-error"];
