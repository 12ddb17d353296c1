/**
 * The consent feature's public surface: a student's consents (later features — nursing, inclusion, external
 * support — show the state before asking for such data). Its tab in the student's file is registered by file from
 * app/student-file-tabs.ts.
 */
export { consentsKey, useStudentConsents } from "./api/consents.ts";
