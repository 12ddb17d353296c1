import { registerStudentFileTab } from "../../student-file/index.ts";
import { MyDataTab } from "./MyDataTab.tsx";

/** The "My data" tab of the student's file (its server side: modules/family-copy/family-copy.section.ts). */
export function registerFamilyCopyFileTab() {
  registerStudentFileTab({ key: "my-data", ns: "familyCopy", labelKey: "tab", Panel: MyDataTab });
}
