import { DEFAULT_MAX_FILE_SIZE_MB } from "@convive/domain/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/**
 * The selected school's max_file_size_in_mb (spec §3), 2 MB without a school (a root user). Shares the
 * layout's cache entry for GET api/schoolInformation (same key, same first-item shape), so it costs no call.
 */
export function useMaxFileSizeMb(schoolId: string | null, hasRole: boolean): number {
  const query = useQuery({
    queryKey: ["school-information", schoolId],
    queryFn: () =>
      api<{ data: { SchoolInformations: { max_file_size_in_mb: number }[] } }>("/api/schoolInformation").then(
        (r) => r.data.SchoolInformations[0] ?? null,
      ),
    enabled: schoolId !== null && hasRole,
    staleTime: 5 * 60_000,
  });
  return query.data?.max_file_size_in_mb ?? DEFAULT_MAX_FILE_SIZE_MB;
}
