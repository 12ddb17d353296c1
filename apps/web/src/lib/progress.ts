import { useSyncExternalStore } from "react";

/**
 * What is loading for the screen right now (a lazy screen's code, a screen's first data), counted so that the top
 * progress bar shows while anything is and hides once nothing is. One store for the whole page.
 */
let loading = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Counts one thing as loading until the returned function is called (once; later calls do nothing). */
export function startLoading(): () => void {
  loading += 1;
  notify();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    loading -= 1;
    notify();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while anything counts as loading. */
export const useLoading = () =>
  useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );
