import type { MonitoredList } from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { inclusionKey } from "./keys.ts";

export interface MonitoredFilters {
  q: string;
  groupId: number | null;
  due: boolean;
}

export const MONITORED_PAGE = 50;

/** GET /api/inclusion/monitored — the school's monitored students, earliest review first (one page). */
export function useMonitored(filters: MonitoredFilters, page: number) {
  const { schoolId } = useSession();
  const language = useTranslation().i18n.resolvedLanguage ?? "es";
  const params = new URLSearchParams({ limit: String(MONITORED_PAGE), offset: String((page - 1) * MONITORED_PAGE) });
  if (filters.due) params.set("due", "true");
  if (filters.groupId !== null) params.set("group_id", String(filters.groupId));
  if (filters.q.trim()) params.set("q", filters.q.trim());
  return useQuery<MonitoredList>({
    queryKey: [...inclusionKey(schoolId), "monitored", language, params.toString()],
    queryFn: ({ signal }) =>
      api<{ data: MonitoredList }>(`/api/inclusion/monitored?${params}`, { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}
