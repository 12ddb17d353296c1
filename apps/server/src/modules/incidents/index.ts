// The incidents module's public surface for follow-up: who may see which incidents and observations, how an
// action is presented and what a family may read.
export { presentAction } from "./details.actions.ts";
export { incidentsModule } from "./incidents.module.ts";
export { redactorOf, studentIdsOf } from "./redaction.ts";
export {
  incidentsWhere,
  inStudentIds,
  myChildIds,
  myGroupIds,
  observationsWhere,
  requireFilterableStudent,
  resolveObservationScope,
  resolveScope,
  type Scope,
  type Viewer,
} from "./scope.ts";
export { incidentsFileSection } from "./student-file.section.ts";
