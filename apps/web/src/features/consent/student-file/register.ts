import { registerStudentFileTab } from "../../student-file/index.ts";
import { ConsentTab } from "./ConsentTab.tsx";

/** The consent module's tab in the student's file (its server side: modules/consent/consent.section.ts). */
export function registerConsentFileTab() {
  registerStudentFileTab({ key: "consent", ns: "consent", labelKey: "tab", Panel: ConsentTab });
}
