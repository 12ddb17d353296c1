import { useEffect, useMemo } from "react";

/**
 * What was typed is kept in this tab's session storage while the form is open, so leaving the screen, a reload
 * or a failed save never loses it. Sign-out clears session storage with everything else; files are not kept.
 */
const VERSION = 1;

export function draftKey(kind: "incident" | "observation", userId: number | null, schoolId: string | null) {
  return `convive.registration.${kind}.${userId ?? "-"}.${schoolId ?? "-"}`;
}

export function readDraft<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { v: number; values: T };
    return parsed.v === VERSION ? parsed.values : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string, values: T | null) {
  try {
    if (values === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify({ v: VERSION, values }));
  } catch {
    // A full or blocked storage only costs the draft.
  }
}

/** Keeps `values` as the draft while `worthKeeping` says so (a few kilobytes: written on every change). */
export function useDraft<T>(key: string, values: T, worthKeeping: boolean) {
  const serialized = useMemo(
    () => (worthKeeping ? JSON.stringify({ v: VERSION, values }) : null),
    [values, worthKeeping],
  );
  useEffect(() => {
    try {
      if (serialized === null) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, serialized);
    } catch {
      // as above
    }
  }, [key, serialized]);
}
