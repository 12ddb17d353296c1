/**
 * Nursing's public surface (issue 29 §3–§4).
 * - `HealthAlertMarker`: the alert beside a student's name where teachers work (registration, the ratings grid) —
 *   one click shows the critical allergies and conditions, never the record.
 * - `registerNursingFileTab`: the student file's Nursing tab and its header's alert (app/student-file-tabs.ts).
 * The screens (/nursing, the nursing configurator) are loaded lazily by app/screens.ts.
 */
export { HealthAlertMarker } from "./components/HealthAlertMarker.tsx";
export { registerNursingFileTab } from "./student-file/register.ts";
