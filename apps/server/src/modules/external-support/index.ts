// The external-support module's public surface: the plugin, the student file's section, and the access rule and
// labelled students the inclusion module shares (both are confidential areas of issue 28 with the same readers).
export { canWrite, groupLabel, requireWrite, type SupportAccess, type SupportArea, supportAccess } from "./access.ts";
export { externalSupportModule } from "./external-support.module.ts";
export { externalSupportFileSection } from "./external-support.section.ts";
export { schoolToday } from "./referrals.service.ts";
export { createReviewSweep } from "./review.job.ts";
export { labelledStudents, studentFilter } from "./students.repository.ts";
