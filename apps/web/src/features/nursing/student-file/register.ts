import { registerStudentFileHeaderMark, registerStudentFileTab } from "../../student-file/index.ts";
import { FileHealthAlert } from "../components/FileHealthAlert.tsx";
import { NursingTab } from "./NursingTab.tsx";

/** The nursing tab of the student's file and its header's health alert (server: modules/nursing/nursing.section.ts). */
export function registerNursingFileTab() {
  registerStudentFileTab({ key: "nursing", ns: "nursing", labelKey: "tab.label", Panel: NursingTab });
  registerStudentFileHeaderMark(FileHealthAlert);
}
