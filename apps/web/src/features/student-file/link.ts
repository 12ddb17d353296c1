import { useCallback } from "react";
import { useLocation } from "react-router";

/** The search parameter that opens a student's file over whatever screen is showing (any screen of the layout). */
export const STUDENT_PARAM = "student";
/** The search parameter naming the file's tab to open on (a section key: "inclusion", "external-support"…). */
export const FILE_TAB_PARAM = "fileTab";

/** The current screen's address with the student's file open over it (the back button closes the file). */
export function withStudentFile(pathname: string, search: string, studentId: number | null) {
  const params = new URLSearchParams(search);
  if (studentId === null) {
    params.delete(STUDENT_PARAM);
    params.delete(FILE_TAB_PARAM);
  } else params.set(STUDENT_PARAM, String(studentId));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/** The student id the address opens, or null (a malformed value opens nothing). */
export function studentInSearch(search: string): number | null {
  const value = new URLSearchParams(search).get(STUDENT_PARAM);
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The href that opens a student's file over the current screen, on one of its tabs when `tab` is given. */
export function useStudentFileHref() {
  const { pathname, search } = useLocation();
  return useCallback(
    (studentId: number, tab?: string) => {
      const href = withStudentFile(pathname, search, studentId);
      if (!tab) return href;
      const [path, query = ""] = href.split("?");
      const params = new URLSearchParams(query);
      params.set(FILE_TAB_PARAM, tab);
      return `${path}?${params.toString()}`;
    },
    [pathname, search],
  );
}
