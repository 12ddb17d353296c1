// The family copy module's public surface: the plugin app.ts registers, the student file's "My data" section and the
// overdue reminder's sweep (the tests run it as the job runner would).
export { familyCopyModule } from "./family-copy.module.ts";
export { familyCopyFileSection } from "./family-copy.section.ts";
export { createOverdueSweep } from "./rectifications.job.ts";
