/** The registration feature's public surface: its options and student search (corrections and the archive reuse them). */
export { useRegistrationOptions } from "./api/registration-options.ts";
export { type StudentSearch, useStudentOptions } from "./api/student-options.ts";
/** Issue 32 §3: how the outbox sends what was registered offline (app/offline.ts registers them). */
export { sendQueuedIncident, sendQueuedObservation } from "./api/offline.ts";
