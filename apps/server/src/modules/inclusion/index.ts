// The inclusion module's public surface: the plugin, the student file's section, and the two reads other modules make
// of it — the adjustment markers beside a student's name (registration, ratings grid, an incident's students) and
// the open conditioned enrollments the re-enrollment screen will read.

export { inclusionModule } from "./inclusion.module.ts";
export { monitored as monitoredStudents, withAdjustments as adjustmentMarkers } from "./inclusion.repository.ts";
export { inclusionFileSection } from "./inclusion.section.ts";
