import { registerStudentFileTab } from "../../student-file/index.ts";
import { ActionsTab, IncidentsTab, MeetingsTab, ObservationsTab } from "./tabs.tsx";

/** The incidents module's sections of the student's file (their server side: incidents and follow-up modules). */
export function registerIncidentsFileTabs() {
  const ns = "studentFileTabs";
  registerStudentFileTab({ key: "incidents", ns, labelKey: "incidents.tab", Panel: IncidentsTab });
  registerStudentFileTab({ key: "observations", ns, labelKey: "observations.tab", Panel: ObservationsTab });
  registerStudentFileTab({ key: "formative-actions", ns, labelKey: "actions.tab", Panel: ActionsTab });
  registerStudentFileTab({ key: "meetings", ns, labelKey: "meetings.tab", Panel: MeetingsTab });
}
