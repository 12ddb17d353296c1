/**
 * Inclusion's public surface (issue 28 §2–§3): the student file's tab, the adjustment marker the registration, the
 * ratings grid and an incident's students show, and the monitored students' list of the support screen.
 */
export { AdjustmentsMarker } from "./AdjustmentsMarker.tsx";
export { MonitoredPanel } from "./MonitoredPanel.tsx";
export { registerInclusionFileTab } from "./register.ts";
