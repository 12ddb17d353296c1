import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { PersonName } from "../shared/api.ts";
import { useMcKey } from "../shared/keys.ts";

export interface PastGroup {
  id: number;
  name: string;
  grade_id: number;
  grade_name: string;
  section_id: number;
  section_name: string;
  head_teacher: PersonName | null;
  students_count: number;
}

export interface PastYear {
  id: number;
  name: string;
  starts_on: string;
  ends_on: string;
  closed_at: string;
  students_count: number;
  groups: PastGroup[];
}

export interface PastStudent extends PersonName {
  enrollment: string;
  status: string;
}

export interface PastYearDetail extends Omit<PastYear, "groups"> {
  groups: (PastGroup & { students: PastStudent[] })[];
}

/** Closed school years, newest first (GET api/cycle-details). */
export function usePastYears() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("cycle-details"),
    queryFn: () => api<{ data: { school_years: PastYear[] } }>("/api/cycle-details").then((r) => r.data.school_years),
  });
}

/** One closed year with each group's students, loaded when the year is opened. */
export function usePastYear(id: number, enabled: boolean) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("cycle-details", id),
    queryFn: () =>
      api<{ data: { school_year: PastYearDetail } }>(`/api/cycle-details/${id}`).then((r) => r.data.school_year),
    enabled,
    staleTime: 5 * 60_000,
  });
}
