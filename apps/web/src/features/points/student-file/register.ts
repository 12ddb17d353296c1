import i18n from "../../../lib/i18n.ts";
import { registerStudentFileTab } from "../../student-file/api/tabs.ts";
import { PointsTab } from "./PointsTab.tsx";

/** The points module's tab in the student's file (its server side: modules/points/student-file.section.ts). */
export function registerPointsFileTab() {
  registerStudentFileTab({ key: "points", ns: "points", labelKey: "tab", Panel: PointsTab });
  // The file names every tab before any of them is open: the label's texts load with the file, not with the panel.
  void i18n.loadNamespaces("points");
}
