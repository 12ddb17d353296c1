import type { AdminJobsOverview } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import i18n from "../../../lib/i18n.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

export const jobsKey = ["admin", "jobs"] as const;

/** The job runner's queues and newest failures (GET api/admin/jobs), looked at again every 15 s while shown. */
export function useAdminJobs() {
  return useQuery({
    queryKey: jobsKey,
    queryFn: () => api<{ data: AdminJobsOverview }>("/api/admin/jobs", { noSchool: true }).then((r) => r.data),
    refetchInterval: 15_000,
  });
}

const retryJob = ({ queue, id }: { queue: string; id: string }) =>
  api(`/api/admin/jobs/${encodeURIComponent(queue)}/${id}/retry`, { method: "POST", noSchool: true });

/** Runs a dead job again; the list refreshes after. */
export const useRetryJob = (o?: SaveOptions) =>
  useSave({ success: i18n.t("admin:jobs.retried"), ...o, call: retryJob, invalidates: [jobsKey] });
