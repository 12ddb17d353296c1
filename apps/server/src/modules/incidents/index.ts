// The incidents module's public surface for follow-up: who may see which incidents and observations, how an
// action is presented and what a family may read.
// Private files checked like evidence (type from the bytes in a file worker, pictures re-encoded, the school's
// size limit), for other modules' uploads (messages): the store, its paths and the download name.

export { tooLarge } from "./attachments.service.ts";
export { cleanFileName, createEvidenceStore, evidencePath, type PrivateFolder } from "./attachments.storage.ts";
export { downloadName } from "./attachments-download.service.ts";
export { presentAction } from "./details.actions.ts";
export { incidentsModule } from "./incidents.module.ts";
export { pdfLogo } from "./pdf-logo.ts";
export { protocolStepsHandover } from "./protocol.handover.ts";
export { openProtocolHold } from "./protocol.retention-hold.ts";
export { redactorOf, studentIdsOf } from "./redaction.ts";
export { incidentSummaryReport, openIncidentsReport } from "./scheduled-reports.ts";
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
