import { createElement } from "react";
import { registerStudentFileTab } from "../../student-file/index.ts";
import { PointsBadge } from "./PointsBadge.tsx";
import { PointsTab } from "./PointsTab.tsx";

/** The points module's tab in the student's file (its server side: modules/points/student-file.section.ts). */
export function registerPointsFileTab() {
  registerStudentFileTab({
    key: "points",
    ns: "points",
    labelKey: "tab",
    Panel: PointsTab,
    // The section's figure is the student's balance (modules/points/student-file.section.ts).
    badge: (balance) => createElement(PointsBadge, { balance }),
  });
}
