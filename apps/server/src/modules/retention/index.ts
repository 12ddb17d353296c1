// The retention module's public surface (issue 30 §5): the plugin, and the job's queue for whoever runs or watches it.

export { retentionModule } from "./retention.module.ts";
export { RETENTION_CRON, RETENTION_QUEUE } from "./run.job.ts";
