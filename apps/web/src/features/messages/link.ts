import { PATHS } from "@convive/domain/core";

/**
 * The inbox is the Messages tab of /notifications (`?tab=messages`); `thread=<student id>` opens that student's
 * conversation over it. Not `student=`: that parameter already opens a student's file over any screen
 * (features/student-file/link.ts), and both may be open at once.
 */
export const TAB_PARAM = "tab";
export const MESSAGES_TAB = "messages";
export const THREAD_PARAM = "thread";

/** The inbox, or a student's conversation in it: a link another screen (an e-mail, a notification) can give. */
export function threadHref(studentId: number | null = null): string {
  const params = new URLSearchParams({ [TAB_PARAM]: MESSAGES_TAB });
  if (studentId !== null) params.set(THREAD_PARAM, String(studentId));
  return `${PATHS.notifications}?${params.toString()}`;
}

/** The current query string with the conversation open (or closed, for null): the back button closes it. */
export function withThread(search: string, studentId: number | null): string {
  const params = new URLSearchParams(search);
  if (studentId === null) params.delete(THREAD_PARAM);
  else params.set(THREAD_PARAM, String(studentId));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The student whose conversation the address opens, or null (a malformed value opens nothing). */
export function threadInSearch(search: string): number | null {
  const value = new URLSearchParams(search).get(THREAD_PARAM);
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
