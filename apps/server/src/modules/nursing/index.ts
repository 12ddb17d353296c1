// The nursing module's public surface: the plugin, the student file's Nursing section, and the health alert
// markers beside a student's name where teachers work (app.ts hands `healthAlertMarkers` to the lists through the
// context, as it does inclusion's adjustment markers).
export { nursingModule } from "./nursing.module.ts";
export { nursingFileSection } from "./nursing.section.ts";
export { alertMarkers as healthAlertMarkers } from "./record.repository.ts";
export { nursingVisitsReport } from "./scheduled-reports.ts";
