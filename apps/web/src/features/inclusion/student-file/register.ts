import { registerStudentFileTab } from "../../student-file/index.ts";
import { InclusionTab } from "./InclusionTab.tsx";

/** The inclusion tab of the student's file (its server side: modules/inclusion/inclusion.section.ts). */
export function registerInclusionFileTab() {
  registerStudentFileTab({ key: "inclusion", ns: "inclusion", labelKey: "tab.label", Panel: InclusionTab });
}
