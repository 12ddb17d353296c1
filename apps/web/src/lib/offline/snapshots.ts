import { useSyncExternalStore } from "react";
import { ApiError } from "../api.ts";
import { session } from "../session.ts";
import { offlineStore, ownerOf, type Snapshot } from "./store.ts";

/**
 * Offline copies of the reads the registration screen needs (issue 32 §3: the teacher's groups and students, the
 * catalogue, the adjustments marker, the signed-in user): every answer that arrives is kept on the device, filed
 * under the school and user, and an answer that cannot arrive for want of a network is read from there. Sign-out
 * drops them all. Only these reads are kept — no other screen's data stays on the device.
 */

/** A call that failed without an answer from the server (or with a gateway's): a copy may stand in for it. */
export const noAnswer = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 502 ||
  error.status === 503 ||
  error.status === 504;

let servedOffline = false;
const listeners = new Set<() => void>();
const setServedOffline = (value: boolean) => {
  if (servedOffline === value) return;
  servedOffline = value;
  for (const listener of listeners) listener();
};

/** Whether the screen shows copies kept on the device (the last read had no answer). */
export const useServedOffline = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => servedOffline,
  );

const owner = () => {
  const { schoolId, userId } = session.get();
  return ownerOf(schoolId, userId);
};
const keyOf = (owner: string, name: readonly unknown[]) => `${owner}|${JSON.stringify(name)}`;

/**
 * `read()`, kept on the device under `name` (the query's key); without an answer, the copy kept last time — or
 * `fallback()` when there is none (a search answered from the copies of whole groups).
 */
export async function readThrough<T>(
  name: readonly unknown[],
  read: () => Promise<T>,
  fallback?: () => Promise<T | undefined>,
): Promise<T> {
  const store = offlineStore();
  const who = owner();
  try {
    const data = await read();
    setServedOffline(false);
    void store?.putSnapshot({ key: keyOf(who, name), owner: who, data, savedAt: Date.now() }).catch(() => undefined);
    return data;
  } catch (error) {
    if (!store || !noAnswer(error)) throw error;
    const kept = await store.snapshot(keyOf(who, name)).catch(() => undefined);
    const data = kept ? (kept.data as T) : await fallback?.();
    if (data === undefined) throw error;
    setServedOffline(true);
    return data;
  }
}

/** Every copy kept for this school and user whose name starts with `prefix` (the query key's first parts). */
export async function keptCopies(prefix: readonly unknown[]): Promise<Snapshot[]> {
  const store = offlineStore();
  if (!store) return [];
  const who = owner();
  // The key's JSON without its closing bracket: every longer key with the same first parts.
  return store.snapshots(who, keyOf(who, prefix).slice(0, -1)).catch(() => []);
}

/** Drops every copy once nobody is signed in (logout, an ended session). */
export function dropCopiesOnSignOut() {
  return session.subscribe(() => {
    if (!session.get().token)
      void offlineStore()
        ?.clearSnapshots()
        .catch(() => undefined);
  });
}
