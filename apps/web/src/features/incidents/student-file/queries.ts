import type { Archive, FormativeAction, Observation, ParentMeeting } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { fetchArchive, incidentsKey } from "../api/archive.ts";

/**
 * What the student file's tabs of this module read: the same lists the archive and the follow-up answer, narrowed to
 * one student. Under the incidents key, so a change in the details refreshes the open file too.
 */
const useFileQuery = <T>(studentId: number, what: string, fetch: (signal: AbortSignal) => Promise<T>) => {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...incidentsKey(schoolId), "student-file", studentId, what],
    queryFn: ({ signal }) => fetch(signal),
    staleTime: 15_000,
  });
};

/** The newest incidents of the student (the archive's first page for them). */
export const FILE_INCIDENTS = 20;

export const useStudentIncidents = (studentId: number) =>
  useFileQuery<Archive>(studentId, "incidents", (signal) =>
    fetchArchive(`student_id=${studentId}&per_page=${FILE_INCIDENTS}`, signal),
  );

export const useStudentObservations = (studentId: number) =>
  useFileQuery(studentId, "observations", (signal) =>
    api<{ data: { observations: Observation[]; total: number } }>(
      `/api/accompaniment-observations?student_id=${studentId}&per_page=50`,
      { signal },
    ).then((r) => r.data),
  );

export const useStudentActions = (studentId: number) =>
  useFileQuery(studentId, "actions", (signal) =>
    api<{ data: { formative_actions: FormativeAction[] } }>(`/api/students/${studentId}/formative-actions`, {
      signal,
    }).then((r) => r.data.formative_actions),
  );

export const useStudentMeetings = (studentId: number) =>
  useFileQuery(studentId, "meetings", (signal) =>
    api<{ data: { meetings: ParentMeeting[] } }>(`/api/parent-meetings?student_id=${studentId}`, { signal }).then(
      (r) => r.data.meetings,
    ),
  );
