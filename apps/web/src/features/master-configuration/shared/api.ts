import { localName } from "@convive/domain/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useMcKey } from "./keys.ts";

/** Shapes of the master-configuration API (packages/domain/src/schemas), as the screens read them. */
export interface Period {
  id: number;
  school_year_id: number;
  name: string;
  name_en: string | null;
  order: number;
  starts_on: string;
  ends_on: string;
}

export interface SchoolYear {
  id: number;
  name: string;
  starts_on: string;
  ends_on: string;
  is_current: boolean;
  closed_at: string | null;
  groups_count: number;
  periods: Period[];
}

export interface PersonName {
  id: number;
  first_name: string;
  paternal_surname: string;
  maternal_surname: string;
}

export interface Section {
  id: number;
  name: string;
  name_en: string | null;
  order: number;
  grades_count: number;
}

export interface Grade {
  id: number;
  section_id: number;
  section_name: string;
  section_name_en: string | null;
  name: string;
  order: number;
  groups_count: number;
}

export interface Group {
  id: number;
  name: string;
  grade_id: number;
  grade_name: string;
  section_id: number;
  section_name: string;
  section_name_en: string | null;
  school_year_id: number;
  head_teacher_id: number | null;
  head_teacher: PersonName | null;
  students_count: number;
}

export interface Subject {
  id: number;
  name: string;
  code: string | null;
  grade_ids: number[];
  grades: { id: number; name: string; section_name: string }[];
  assignments_count: number;
}

export interface TeachingAssignment {
  user_id: number;
  group_id: number;
  subject_id: number;
  school_year_id: number;
  user: PersonName;
  group_name: string;
  grade_name: string;
  subject_name: string;
  is_head_teacher: boolean;
}

export interface SchoolMember extends PersonName {
  email?: string;
  image_profile: string | null;
  profile_id?: number | null;
  profile_name: string | null;
  is_active?: boolean;
  is_staff: boolean;
}

/** The level of a grade or group in the reader's language (issue 12 §6). */
export const levelOf = (row: { section_name: string; section_name_en: string | null }, lang: string) =>
  localName({ name: row.section_name, name_en: row.section_name_en }, lang);

export const sectionGradeLabel = (g: { section_name: string; grade_name?: string; name?: string }) =>
  `${g.section_name} · ${g.grade_name ?? g.name ?? ""}`;

export function useSchoolYears(enabled = true) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("school-years"),
    queryFn: () => api<{ data: { school_years: SchoolYear[] } }>("/api/school-years").then((r) => r.data.school_years),
    enabled,
  });
}

export function useSections() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("sections"),
    queryFn: () => api<{ data: { sections: Section[] } }>("/api/sections").then((r) => r.data.sections),
  });
}

/** Grades with groups_count of the year given (the current one by default). */
export function useGrades(yearId?: number | null) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("grades", yearId ?? "current"),
    queryFn: () =>
      api<{ data: { grades: Grade[] } }>(`/api/grades${yearId ? `?school_year_id=${yearId}` : ""}`).then(
        (r) => r.data.grades,
      ),
  });
}

export function useGroups(yearId?: number | null) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("groups", yearId ?? "current"),
    queryFn: () =>
      api<{ data: { groups: Group[] } }>(`/api/groups${yearId ? `?school_year_id=${yearId}` : ""}`).then(
        (r) => r.data.groups,
      ),
  });
}

export function useSubjects() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("subjects"),
    queryFn: () => api<{ data: { subjects: Subject[] } }>("/api/subjects").then((r) => r.data.subjects),
  });
}

/** The school's staff: active members whose profile is not the family one (they may be head teachers and teach). */
export function useStaff() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("staff"),
    queryFn: () => api<{ data: SchoolMember[] }>("/api/users?staff=1").then((r) => r.data),
    select: (members) => members.filter((m) => m.is_active !== false),
    staleTime: 60_000,
  });
}
