import type { ComponentType, ReactNode } from "react";

/**
 * The tabs of a student's file (issue 12 §1). The file shows one tab per section the server reports for the
 * reader, in the server's order, using what a module registered for that section's key: the file knows none of
 * them by name. A later module (points, ratings, messages, inclusion, nursing) registers its own tab in
 * app/student-file-tabs.ts and its section on the server; nothing here changes.
 */
export interface StudentFileTabProps {
  studentId: number;
  /** The reader is a family member (their own child's file): no staff-only actions or links. */
  family: boolean;
}

export interface StudentFileTab {
  key: string;
  /** i18n namespace and key of the tab's label (the module's own texts). */
  ns: string;
  labelKey: string;
  Panel: ComponentType<StudentFileTabProps>;
  /**
   * What the tab's badge shows for its section's figure; by default the figure itself (how many records). The
   * points tab's figure is the student's balance (issue 26 §6: points, not movements), shown with its sign.
   */
  badge?: (count: number) => ReactNode;
}

const registered = new Map<string, StudentFileTab>();

export function registerStudentFileTab(tab: StudentFileTab) {
  registered.set(tab.key, tab);
}

/** The registered tab of a section, or undefined when no module on this web build shows it. */
export const studentFileTab = (key: string): StudentFileTab | undefined => registered.get(key);

/**
 * What a module shows in the file's header beside the student (issue 29: nursing's health alert), registered like
 * the tabs: the file knows none of them by name. Each decides from the reader whether it shows anything.
 */
export type StudentFileHeaderMark = ComponentType<{ studentId: number; name: string; family: boolean }>;
const headerMarks: StudentFileHeaderMark[] = [];

export function registerStudentFileHeaderMark(mark: StudentFileHeaderMark) {
  if (!headerMarks.includes(mark)) headerMarks.push(mark);
}

export const studentFileHeaderMarks = (): readonly StudentFileHeaderMark[] => headerMarks;

/** The namespaces of every registered tab's label: the file names all its tabs before any of them is open. */
export const studentFileTabNamespaces = (): string[] => [...new Set([...registered.values()].map((t) => t.ns))];
