import { api } from "../../../lib/api.ts";

/**
 * POST /api/auth/unlock: spends the link e-mailed to the owner of a locked account and makes this browser one
 * of the account's trusted devices (the password is still asked for on the sign-in form).
 */
export const unlockDevice = (token: string) =>
  api("/api/auth/unlock", { method: "POST", body: { token }, noSchool: true, quiet: true });

const spent = new Set<string>();

/** Uses an unlock link once per page load, even when a component mounts twice (React's StrictMode). */
export function unlockOnce(token: string): Promise<unknown> | null {
  if (spent.has(token)) return null;
  spent.add(token);
  return unlockDevice(token);
}
