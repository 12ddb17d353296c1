import type { StudentOption } from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRegistrationKey } from "./keys.ts";

/** A search by name or enrollment (at least two characters are sent), or a whole group; null asks nothing. */
export type StudentSearch = { q: string } | { groupId: number } | null;

const paramsOf = (search: StudentSearch) => {
  if (search === null) return null;
  if ("groupId" in search) return `group_id=${search.groupId}`;
  const q = search.q.trim();
  return q.length >= 2 ? `q=${encodeURIComponent(q)}` : null;
};

/**
 * Students for the registration's picker and the archive's student filter (GET /api/incidents/student-options,
 * open to whoever registers incidents or observations): one cache entry per search whoever asks.
 */
export function useStudentOptions(search: StudentSearch) {
  const key = useRegistrationKey();
  const params = paramsOf(search);
  return useQuery({
    queryKey: key("student-options", params),
    queryFn: ({ signal }) =>
      api<{ data: { students: StudentOption[] } }>(`/api/incidents/student-options?${params}`, { signal }).then(
        (r) => r.data.students,
      ),
    enabled: params !== null,
    staleTime: 30_000,
    // While typing, the previous matches stay until the new ones arrive (a group switch starts clean).
    placeholderData: (previous) => (search && "q" in search ? keepPreviousData(previous) : undefined),
  });
}
