import { LANGUAGE_STORAGE_KEY } from "@convive/domain/core";

/** Everything the web keeps in local storage, under one set of keys (spec §2 rule 1: a token means signed in). */
export const KEYS = {
  token: "token",
  /** Only ever removed: the refresh token now lives in an HttpOnly cookie (see session.ts). */
  legacyRefreshToken: "refresh_token",
  expiresAt: "token_expires_at",
  userId: "user_id",
  schoolId: "school_id",
  language: LANGUAGE_STORAGE_KEY,
  /** The language chosen on a signed-out screen (sign-in, reset): the sign-in screen's after a logout. */
  signInLanguage: "sign_in_language",
} as const;

type Key = (typeof KEYS)[keyof typeof KEYS];

export const storage = {
  get: (key: Key) => localStorage.getItem(key),
  set: (key: Key, value: string) => localStorage.setItem(key, value),
  remove: (key: Key) => localStorage.removeItem(key),
  /** Logout clears everything but the language preferences. */
  clearSession() {
    for (const key of Object.values(KEYS)) {
      if (key !== KEYS.language && key !== KEYS.signInLanguage) localStorage.removeItem(key);
    }
    sessionStorage.clear();
  },
};

export function readCookie(name: string): string | null {
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** Expires every cookie readable from script (spec §4 Logout: clears cookies). */
export function clearCookies() {
  for (const cookie of document.cookie.split("; ")) {
    const name = cookie.split("=")[0];
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari, which families use.
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}
