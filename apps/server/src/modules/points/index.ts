// The points module's public surface: the plugin app.ts registers, the student file's Points section, and the sums
// per period the scorecard prints.
export { pointsByPeriod } from "./ledger.service.ts";
export { pointsModule } from "./points.module.ts";
export { recognitionsReport } from "./scheduled-reports.ts";
export { pointsFileSection } from "./student-file.section.ts";
