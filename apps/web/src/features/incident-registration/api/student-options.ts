import type { StudentOption } from "@convive/domain";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../lib/api.ts";
import { keptCopies, readThrough } from "../../../lib/offline/snapshots.ts";
import { useRegistrationKey } from "./keys.ts";

/** A search by name or enrollment (at least two characters are sent), or a whole group; null asks nothing. */
export type StudentSearch = { q: string } | { groupId: number } | null;

const paramsOf = (search: StudentSearch) => {
  if (search === null) return null;
  if ("groupId" in search) return `group_id=${search.groupId}`;
  const q = search.q.trim();
  return q.length >= 2 ? `q=${encodeURIComponent(q)}` : null;
};

/** Lower case without accents: "Pérez" is found by "perez". */
const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * Without a connection, a search is answered from the students kept on the device (issue 32 §3: the teacher's
 * groups, kept while the screen was open online, and earlier searches): every word must be in the name or the
 * enrollment.
 */
async function searchKept(prefix: readonly unknown[], q: string): Promise<StudentOption[] | undefined> {
  const copies = await keptCopies(prefix);
  if (copies.length === 0) return undefined;
  const words = plain(q).split(/\s+/).filter(Boolean);
  const found = new Map<number, StudentOption>();
  for (const copy of copies) {
    for (const student of copy.data as StudentOption[]) {
      const text = plain(`${student.name} ${student.enrollment}`);
      if (words.every((w) => text.includes(w))) found.set(student.id, student);
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

type Key = (...parts: readonly unknown[]) => readonly unknown[];

const studentOptionsQuery = (key: Key, params: string | null) => ({
  queryKey: key("student-options", params),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    readThrough(
      key("student-options", params),
      () =>
        api<{ data: { students: StudentOption[] } }>(`/api/incidents/student-options?${params}`, { signal }).then(
          (r) => r.data.students,
        ),
      () =>
        params?.startsWith("q=")
          ? searchKept(key("student-options"), decodeURIComponent(params.slice(2)))
          : Promise.resolve(undefined),
    ),
  // Asked offline too: the copies kept on the device answer.
  networkMode: "always" as const,
  staleTime: 30_000,
});

/**
 * Students for the registration's picker and the archive's student filter (GET /api/incidents/student-options,
 * open to whoever registers incidents or observations): one cache entry per search whoever asks.
 */
export function useStudentOptions(search: StudentSearch) {
  const key = useRegistrationKey();
  const params = paramsOf(search);
  return useQuery({
    ...studentOptionsQuery(key, params),
    enabled: params !== null,
    // While typing, the previous matches stay until the new ones arrive (a group switch starts clean).
    placeholderData: (previous) => (search && "q" in search ? keepPreviousData(previous) : undefined),
  });
}

/**
 * Keeps the students of the teacher's own groups on the device while the registration screen is open online, so
 * that the picker lists and finds them without a connection.
 */
export function useKeepGroupsOffline(groupIds: readonly number[]) {
  const client = useQueryClient();
  const ids = groupIds.join(",");
  // The school and language the keys name, as one value the effect can follow.
  const scope = JSON.stringify(useRegistrationKey()());
  useEffect(() => {
    if (!ids || !navigator.onLine) return;
    const parts = JSON.parse(scope) as unknown[];
    const key: Key = (...more) => [...parts, ...more];
    for (const id of ids.split(",")) void client.prefetchQuery(studentOptionsQuery(key, `group_id=${id}`));
  }, [ids, client, scope]);
}
