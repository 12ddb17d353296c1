import { registerStudentFileTab } from "../../student-file/api/tabs.ts";
import { PointsTab } from "./PointsTab.tsx";

/** The points module's tab in the student's file (its server side: modules/points/student-file.section.ts). */
export function registerPointsFileTab() {
  registerStudentFileTab({ key: "points", ns: "points", labelKey: "tab", Panel: PointsTab });
}
