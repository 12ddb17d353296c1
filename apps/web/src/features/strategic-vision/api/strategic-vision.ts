import type { Dashboard, DashboardOptions, Effectiveness } from "@convive/domain";
import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, download } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

export type { Dashboard, DashboardOptions, Effectiveness };

/** The dashboard's filters, as the API reads them (and as the screen keeps them in its address). */
export interface VisionFilters {
  school_year_id?: number;
  period_id?: number;
  /** 1: the whole school year. */
  whole_year?: 1;
  section_id?: number;
  grade_id?: number;
  group_id?: number;
}

export const visionQuery = (filters: VisionFilters) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
};

const rootKey = (schoolId: string | null) => ["strategic-vision", schoolId] as const;
/** The server writes labels in the reader's language, so each language keeps its own answers. */
function useKey() {
  const { schoolId } = useSession();
  const { i18n } = useTranslation();
  return (...parts: unknown[]) => [...rootKey(schoolId), i18n.resolvedLanguage ?? "es", ...parts];
}

/** Figures are at most a minute old on the server: the screen asks again every minute while open. */
const FRESH = { staleTime: 60_000, refetchInterval: 60_000 } as const;

/** GET /api/strategic-vision/options: school years with periods, sections, grades, groups and the setting. */
export function useVisionOptions() {
  const key = useKey();
  return useQuery({
    queryKey: key("options"),
    queryFn: () => api<{ data: DashboardOptions }>("/api/strategic-vision/options").then((r) => r.data),
  });
}

/** GET /api/strategic-vision: the dashboard for the filters. */
export function useDashboard(filters: VisionFilters) {
  const key = useKey();
  const query = visionQuery(filters);
  return useQuery({
    queryKey: key("dashboard", query),
    queryFn: () => api<{ data: Dashboard }>(`/api/strategic-vision${query ? `?${query}` : ""}`).then((r) => r.data),
    placeholderData: (previous) => previous,
    ...FRESH,
  });
}

/** GET /api/strategic-vision/effectiveness: formative actions against recurrence (issue 14 §3). */
export function useEffectiveness(filters: VisionFilters) {
  const key = useKey();
  const query = visionQuery(filters);
  return useQuery({
    queryKey: key("effectiveness", query),
    queryFn: () =>
      api<{ data: Effectiveness }>(`/api/strategic-vision/effectiveness${query ? `?${query}` : ""}`).then(
        (r) => r.data,
      ),
    placeholderData: (previous) => previous,
    ...FRESH,
  });
}

/** PUT /api/strategic-vision/settings: after how many days an open incident escalates. */
export function useSaveEscalationDays(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (days: number) =>
      api<{ data: { escalate_after_days: number } }>("/api/strategic-vision/settings", {
        method: "PUT",
        body: { escalate_after_days: days },
      }),
    invalidates: [rootKey(schoolId)],
  });
}

/** Downloads the dashboard as PDF or its tables as XLSX (same filters). */
export async function exportDashboard(filters: VisionFilters, format: "pdf" | "xlsx", fallbackName: string) {
  const query = visionQuery(filters);
  const file = await download(`/api/strategic-vision/${format}${query ? `?${query}` : ""}`, {
    timeoutMs: REQUEST_TIMEOUT_MS.mobile,
  });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
