// The scheduled reports module's public surface (issue 31 §3): the plugin, and its queues for whoever runs or
// watches them (the multi-instance test). Report types are added by the modules that own the data (lib/report-types.ts).
export { REPORT_NOW_QUEUE, REPORT_QUEUE } from "./run.job.ts";
export { scheduledReportsModule } from "./scheduled-reports.module.ts";
