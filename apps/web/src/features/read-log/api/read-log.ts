import type { ReadLogPage } from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, download } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";

export const READ_LOG_PER_PAGE = 20;

/** A page of who read the student's sensitive records, newest first (GET /api/students/:id/read-log). */
export function useReadLog(studentId: number, page: number) {
  const { schoolId } = useSession();
  return useQuery<ReadLogPage>({
    queryKey: ["read-log", schoolId, studentId, page],
    queryFn: ({ signal }) =>
      api<{ data: ReadLogPage }>(`/api/students/${studentId}/read-log?page=${page}&per_page=${READ_LOG_PER_PAGE}`, {
        signal,
      }).then((r) => r.data),
    // Turning the page keeps the last one on screen until the next arrives.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /api/students/:id/read-log.csv — the student's whole log as CSV for the Director, saved as a file. */
export async function downloadReadLogCsv(studentId: number) {
  const file = await download(`/api/students/${studentId}/read-log.csv`);
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name ?? `read-log-${studentId}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
