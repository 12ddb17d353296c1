import type { MyChild, StudentFile } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";

/** Everything of the file sits under one key per school, so a change to a student's records can refresh it. */
export const studentFileKey = (schoolId: string | null) => ["student-file", schoolId] as const;

export function useStudentFile(studentId: number | null) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...studentFileKey(schoolId), studentId],
    queryFn: ({ signal }) =>
      api<{ data: { file: StudentFile } }>(`/api/students/${studentId}/file`, { signal }).then((r) => r.data.file),
    enabled: studentId !== null,
    staleTime: 15_000,
  });
}

/** A family's children with their latest news (their landing page). */
export function useMyChildren(enabled: boolean) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...studentFileKey(schoolId), "my-children"],
    queryFn: ({ signal }) =>
      api<{ data: { children: MyChild[] } }>("/api/my-children", { signal }).then((r) => r.data.children),
    enabled,
    staleTime: 30_000,
  });
}
