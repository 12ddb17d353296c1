/**
 * The student file's public surface: links that open a student's file over any screen, the entries and tab
 * registry other features fill (the file knows none of them by name), and its query key (a change elsewhere
 * refreshes the open file).
 */
export { studentFileKey } from "./api/queries.ts";
export { FamilyChildren } from "./components/FamilyChildren.tsx";
export { FileEntries, FileEntry } from "./components/FileEntry.tsx";
export { StudentFileLink } from "./components/StudentFileLink.tsx";
export { useStudentFileHref } from "./link.ts";
export {
  registerStudentFileHeaderMark,
  registerStudentFileTab,
  type StudentFileHeaderMark,
  type StudentFileTab,
  type StudentFileTabProps,
} from "./tabs.ts";
