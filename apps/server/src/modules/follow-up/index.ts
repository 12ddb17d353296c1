// The follow-up module's public surface: the plugin app.ts registers (formative actions, parent meetings,
// accompaniment observations) and the sections it adds to the student's file.
export { followUpModule } from "./follow-up.module.ts";
// Issue 31 §2: open formative actions and upcoming parent meetings, handed over by user reassignment.
export { formativeActionsHandover, parentMeetingsHandover } from "./handover.ts";
export { overdueActionsReport } from "./scheduled-reports.ts";
export { followUpFileSections } from "./student-file.sections.ts";
