// The inclusion module's public surface: the plugin, the student file's section, and the reads other parts make of
// it — the adjustment markers beside a student's name (registration, ratings grid, an incident's students: app.ts
// hands `adjustmentMarkers` to those modules through the context, since inclusion reads incidents' and the file's
// rules and an import the other way would be a cycle), who is under monitoring, and the conditioned enrollments'
// outcomes the re-enrollment screen will read.

export { inclusionModule } from "./inclusion.module.ts";
export { inclusionFileSection } from "./inclusion.section.ts";
export {
  adjustmentMarkers,
  type ConditionedStanding,
  conditionedOutcomes,
  monitoredStudents,
} from "./markers.repository.ts";
