import { useCallback } from "react";
import { useLocation } from "react-router";

/** The search parameter that opens a student's file over whatever screen is showing (any screen of the layout). */
export const STUDENT_PARAM = "student";

/** The current screen's address with the student's file open over it (the back button closes the file). */
export function withStudentFile(pathname: string, search: string, studentId: number | null) {
  const params = new URLSearchParams(search);
  if (studentId === null) params.delete(STUDENT_PARAM);
  else params.set(STUDENT_PARAM, String(studentId));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/** The student id the address opens, or null (a malformed value opens nothing). */
export function studentInSearch(search: string): number | null {
  const value = new URLSearchParams(search).get(STUDENT_PARAM);
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The href that opens a student's file over the current screen. */
export function useStudentFileHref() {
  const { pathname, search } = useLocation();
  return useCallback((studentId: number) => withStudentFile(pathname, search, studentId), [pathname, search]);
}
