import { registerStudentFileTab } from "../../student-file/index.ts";
import { ReadLogTab } from "./ReadLogTab.tsx";

/** The read log's tab in the student's file (its server side: modules/read-log/read-log.section.ts). */
export function registerReadLogFileTab() {
  registerStudentFileTab({ key: "read-log", ns: "readLog", labelKey: "tab", Panel: ReadLogTab });
}
