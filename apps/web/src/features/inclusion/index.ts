/**
 * Inclusion's public surface (issue 28 §2–§3).
 * - `AdjustmentsMarker`: the discreet marker beside a student's name where teachers work (registration, the
 *   ratings grid, an incident's students) — one click shows the adjustments, never the condition.
 * - `MonitoredStudentsPanel`: the school's monitored students, for the support screen's "Monitored students" tab
 *   (inclusion.read); a row opens the student's file on its Inclusion tab.
 * - `ConditionTypesButton`: the school's condition types (add, rename, switch off); renders nothing for readers
 *   without inclusion.update — place it beside the panel on the support screen.
 * - `FileButtons`: stored support files, each a download button (nursing's signed authorisations use it).
 * - `registerInclusionFileTab`: the student file's Inclusion tab (app/student-file-tabs.ts).
 */

export { AdjustmentsMarker } from "./components/AdjustmentsMarker.tsx";
export { FileButtons } from "./components/FileButtons.tsx";
export { MonitoredStudentsPanel } from "./monitored/MonitoredStudentsPanel.tsx";
export { registerInclusionFileTab } from "./student-file/register.ts";
export { ConditionTypesButton } from "./types/ConditionTypesButton.tsx";
