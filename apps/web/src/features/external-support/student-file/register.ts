import { registerStudentFileTab } from "../../student-file/index.ts";
import { ReferralsTab } from "./ReferralsTab.tsx";

/** External support's tab in the student's file (its server side: modules/external-support/*.section.ts). */
export function registerExternalSupportFileTab() {
  registerStudentFileTab({
    key: "external-support",
    ns: "externalSupport",
    labelKey: "tab.label",
    Panel: ReferralsTab,
  });
}
