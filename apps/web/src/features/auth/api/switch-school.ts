import { homeOf } from "@convive/domain/core";
import { useSyncExternalStore } from "react";
import { clearQueries, setQueryDataSoon } from "../../../lib/query-client-later.ts";
import { session } from "../../../lib/session.ts";
import { currentUserKey, fetchCurrentUser } from "./current-user-fetch.ts";

/**
 * Issue 12 §3: a member of several schools moves to another one without signing out. The user is read in the
 * other school first, through the same call as the school choice (so a refusal — no longer a member, no role —
 * leaves them where they are, with the server's reason); then whatever the previous school's screens loaded is
 * forgotten, the school is selected and the app goes to the landing view of the role there (spec §4, §6).
 */
export async function switchSchool(schoolId: string, navigate: (to: string) => void): Promise<void> {
  const { userId } = session.get();
  if (userId === null) return;
  const user = await fetchCurrentUser(userId, schoolId);
  const to = homeOf(user);
  clearQueries();
  setQueryDataSoon(currentUserKey(userId, schoolId), user);
  // The guard would otherwise judge the page still open with the new school's user for a moment (and send a
  // screen the new role may not open to page-not-found): it waits until the landing view is reached.
  setLanding(to);
  navigate(to);
  session.selectSchool(schoolId);
}

let landing: string | null = null;
const listeners = new Set<() => void>();
function setLanding(path: string | null) {
  landing = path;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where a school switch is going while it gets there; null otherwise. */
export const useSwitchLanding = () => useSyncExternalStore(subscribe, () => landing);

/** The switch has reached its landing view (called by the guard). */
export const switchLanded = () => setLanding(null);
