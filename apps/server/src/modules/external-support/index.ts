// The external-support module's public surface: the plugin, the student file's section, the access rule and
// labelled students the inclusion module shares (both are confidential areas of issue 28 with the same readers),
// and the support-file store both modules keep their files in (claim on save, list by record, who reads them).
export { canWrite, groupLabel, requireWrite, type SupportAccess, type SupportArea, supportAccess } from "./access.ts";
export { externalSupportModule } from "./external-support.module.ts";
export { externalSupportFileSection } from "./external-support.section.ts";
// Issue 31 §2: open referrals handed over by user reassignment; whether a member holds a permission (forms asks too).
export { referralsHandover } from "./handover.ts";
export { schoolToday } from "./referral-rules.ts";
export { memberHolds } from "./referrals.repository.ts";
// Issue 30 §5: an open referral holds a student's records from retention (listed in app.ts's retentionHolds).
export { openReferralHold } from "./retention-hold.ts";
export { createReviewSweep } from "./review.job.ts";
export { labelledStudents, studentFilter } from "./students.repository.ts";
export {
  claimSupportAttachments,
  registerSupportAttachmentOwner,
  type SupportAttachmentRule,
  supportAttachmentsOf,
} from "./support-files.ts";
