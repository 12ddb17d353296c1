import { useSyncExternalStore } from "react";
import { KEYS, storage } from "./storage.ts";

export interface SessionState {
  token: string | null;
  userId: number | null;
  schoolId: string | null;
  expiresAt: number | null;
}

/**
 * What sign-in and refresh answer. The refresh token is not here: it lives only in an HttpOnly cookie scoped to
 * the refresh call, out of reach of any script on the page.
 */
export interface IssuedTokens {
  access_token: string;
  expires_in: number;
}

function read(): SessionState {
  const userId = storage.get(KEYS.userId);
  const expiresAt = storage.get(KEYS.expiresAt);
  return {
    token: storage.get(KEYS.token),
    userId: userId ? Number(userId) : null,
    schoolId: storage.get(KEYS.schoolId),
    expiresAt: expiresAt ? Number(expiresAt) : null,
  };
}

let state = read();
const listeners = new Set<() => void>();
const publish = () => {
  state = read();
  for (const listener of listeners) listener();
};

/** The signed-in session, kept in local storage so it survives reloads and is shared by tabs. */
export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || Object.values(KEYS).includes(event.key as never)) publish();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
  storeTokens(tokens: IssuedTokens) {
    storage.set(KEYS.token, tokens.access_token);
    // Earlier versions kept the refresh token here; it must not outlive the upgrade.
    storage.remove(KEYS.legacyRefreshToken);
    storage.set(KEYS.expiresAt, String(Date.now() + tokens.expires_in * 1000));
    publish();
  },
  signIn(tokens: IssuedTokens, userId: number) {
    storage.set(KEYS.userId, String(userId));
    storage.remove(KEYS.schoolId);
    session.storeTokens(tokens);
  },
  selectSchool(schoolId: string | null) {
    if (schoolId) storage.set(KEYS.schoolId, schoolId);
    else storage.remove(KEYS.schoolId);
    publish();
  },
  clear() {
    storage.clearSession();
    publish();
  },
};

export const useSession = () => useSyncExternalStore(session.subscribe, session.get);
