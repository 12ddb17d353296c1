import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

/** One signed-in device of the user (GET api/auth/sessions). */
export interface AccountSession {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
}

export const sessionsKey = ["account", "sessions"] as const;

/** The user's own active sessions, this device first, then the most recently used. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () =>
      api<{ data: { sessions: AccountSession[] } }>("/api/auth/sessions", { noSchool: true }).then((r) =>
        [...r.data.sessions].sort(
          (a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at),
        ),
      ),
  });
}

/** Signs one of the user's other devices out. */
export const endSession = (id: string) => api(`/api/auth/sessions/${id}`, { method: "DELETE", noSchool: true });

export const useEndSession = (o?: SaveOptions) => useSave({ ...o, call: endSession, invalidates: [sessionsKey] });
