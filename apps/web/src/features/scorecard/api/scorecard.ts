import type { Scorecard, ScorecardGroup, ScorecardStudentItem } from "@convive/domain";
import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { api, download } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";

/** The search parameter that names the student shown (not `student`: that one opens the student's file drawer). */
export const STUDENT_PARAM = "alumno";

/** Everything of the scorecard sits under one key per school. */
export const scorecardKey = (schoolId: string | null) => ["scorecard", schoolId] as const;

/** The picker's students: a family's children, or staff's matches for a name/enrollment and group. */
export function useScorecardStudents(filter: { q: string; groupId: number | null }, enabled = true) {
  const { schoolId } = useSession();
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.groupId !== null) params.set("group_id", String(filter.groupId));
  const query = params.toString();
  return useQuery({
    queryKey: [...scorecardKey(schoolId), "students", query],
    queryFn: ({ signal }): Promise<ScorecardStudentItem[]> =>
      api<{ data: { students: ScorecardStudentItem[] } }>(`/api/scorecard/students${query ? `?${query}` : ""}`, {
        signal,
      }).then((r) => r.data.students),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The groups staff pick students from. */
export function useScorecardGroups(enabled: boolean) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...scorecardKey(schoolId), "groups"],
    queryFn: ({ signal }) =>
      api<{ data: { groups: ScorecardGroup[] } }>("/api/scorecard/groups", { signal }).then((r) => r.data.groups),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** One student's scorecard for a year (the current one by default). */
export function useScorecard(studentId: number | null, yearId: number | null) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...scorecardKey(schoolId), "card", studentId, yearId],
    queryFn: ({ signal }) =>
      api<{ data: { scorecard: Scorecard } }>(
        `/api/scorecard/students/${studentId}${yearId ? `?school_year_id=${yearId}` : ""}`,
        { signal },
      ).then((r) => r.data.scorecard),
    enabled: studentId !== null,
    staleTime: 15_000,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

/** Saves the PDF the API draws (an authenticated GET, so fetched and saved rather than linked). */
export async function downloadPdf(path: string, fallbackName: string) {
  const file = await download(path, { timeoutMs: REQUEST_TIMEOUT_MS.mobile });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const studentPdfPath = (studentId: number, yearId: number) =>
  `/api/scorecard/students/${studentId}/pdf?school_year_id=${yearId}`;
export const groupPdfPath = (groupId: number, periodId: number | null) =>
  `/api/scorecard/groups/${groupId}/pdf${periodId ? `?period_id=${periodId}` : ""}`;
