import type { RetentionLogPage, RetentionSettings, RetentionSettingsBody, RetentionUpcoming } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

const retentionKey = (schoolId: string | null) => ["retention", schoolId] as const;

/** GET /api/retention/settings — periods per category, notice days, holds in force. */
export function useRetentionSettings() {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...retentionKey(schoolId), "settings"],
    queryFn: ({ signal }) =>
      api<{ data: RetentionSettings }>("/api/retention/settings", { signal }).then((r) => r.data),
  });
}

/** GET /api/retention/upcoming — what falls due within the notice days, and what is held. */
export function useRetentionUpcoming() {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...retentionKey(schoolId), "upcoming"],
    queryFn: ({ signal }) =>
      api<{ data: RetentionUpcoming[] }>("/api/retention/upcoming", { signal }).then((r) => r.data),
  });
}

/** GET /api/retention/log — the retention log, newest first. */
export function useRetentionLog(page: number) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...retentionKey(schoolId), "log", page],
    queryFn: ({ signal }) =>
      api<{ data: RetentionLogPage }>(`/api/retention/log?page=${page}&per_page=25`, { signal }).then((r) => r.data),
  });
}

/** PATCH /api/retention/settings — the periods and notice days changed. */
export function useSaveRetention(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (body: RetentionSettingsBody) =>
      api<{ data: RetentionSettings }>("/api/retention/settings", { method: "PATCH", body }).then((r) => r.data),
    invalidates: [retentionKey(schoolId)],
  });
}
