import type {
  ReportOptions,
  ReportRunsPage,
  ReportSendNowBody,
  ScheduledReport,
  ScheduledReportBody,
  UnsentReportDelivery,
} from "@convive/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

const BASE = "/api/scheduled-reports";
const reportsKey = (schoolId: string | null) => ["scheduled-reports", schoolId] as const;

/** GET /api/scheduled-reports — the school's reports with their next and last run. */
export function useScheduledReports() {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...reportsKey(schoolId), "list"],
    queryFn: ({ signal }) =>
      api<{ data: { reports: ScheduledReport[] } }>(BASE, { signal }).then((r) => r.data.reports),
  });
}

/** GET /api/scheduled-reports/options — the report types, staff, profiles and this year's structure. */
export function useReportOptions() {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...reportsKey(schoolId), "options"],
    queryFn: ({ signal }) => api<{ data: ReportOptions }>(`${BASE}/options`, { signal }).then((r) => r.data),
  });
}

/**
 * GET /api/scheduled-reports/:id/runs — the run history; looked at again every 2 s while a run is being produced
 * or one of its e-mails is still on its way.
 */
export function useReportRuns(id: number | null, page: number) {
  const { schoolId } = useSession();
  const client = useQueryClient();
  const runs = useQuery({
    queryKey: [...reportsKey(schoolId), "runs", id, page],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api<{ data: ReportRunsPage }>(`${BASE}/${id}/runs?page=${page}&per_page=10`, { signal }).then((r) => r.data),
    refetchInterval: (query) =>
      query.state.data?.runs.some((r) => r.status === "queued" || r.deliveries.some((d) => d.status === "pending"))
        ? 2000
        : false,
  });
  // A delivery that failed for good is on the 'Unsent email list' now: the list shows it without waiting.
  const failed = runs.data?.runs.reduce((n, r) => n + r.deliveries.filter((d) => d.status === "failed").length, 0);
  useEffect(() => {
    if (failed) void client.invalidateQueries({ queryKey: [...reportsKey(schoolId), "unsent"] });
  }, [failed, client, schoolId]);
  return runs;
}

/** GET /api/scheduled-reports/unsent — the reports' e-mails that could not be delivered ('Unsent email list'). */
export function useUnsentReportDeliveries() {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...reportsKey(schoolId), "unsent"],
    queryFn: ({ signal }) =>
      api<{ data: { deliveries: UnsentReportDelivery[] } }>(`${BASE}/unsent`, { signal }).then(
        (r) => r.data.deliveries,
      ),
    refetchInterval: 30_000,
  });
}

/** POST (new) or PUT (existing) — the report and its schedule. */
export function useSaveReport(id: number | null, o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (body: ScheduledReportBody, idempotencyKey) =>
      (id === null
        ? api<{ data: { report: ScheduledReport } }>(BASE, { method: "POST", body, idempotencyKey })
        : api<{ data: { report: ScheduledReport } }>(`${BASE}/${id}`, { method: "PUT", body })
      ).then((r) => r.data.report),
    invalidates: [reportsKey(schoolId)],
  });
}

/** DELETE /api/scheduled-reports/:id. */
export function useDeleteReport(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (id: number) => api(`${BASE}/${id}`, { method: "DELETE" }),
    invalidates: [reportsKey(schoolId)],
  });
}

/** POST /api/scheduled-reports/:id/send-now — queues a run now (to everyone, or only to me). */
export function useSendNow(id: number, o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (body: ReportSendNowBody, idempotencyKey) =>
      api<{ data: { run_id: number } }>(`${BASE}/${id}/send-now`, { method: "POST", body, idempotencyKey }).then(
        (r) => r.data.run_id,
      ),
    invalidates: [reportsKey(schoolId)],
  });
}

/** POST /api/scheduled-reports/deliveries/:id/retry — a failed e-mail goes again. */
export function useRetryDelivery(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (id: number, idempotencyKey) => api(`${BASE}/deliveries/${id}/retry`, { method: "POST", idempotencyKey }),
    invalidates: [reportsKey(schoolId)],
  });
}
