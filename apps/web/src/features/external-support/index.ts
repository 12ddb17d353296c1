/**
 * External support's public surface (issue 28 §1): the student file's tab, the new-referral dialog other screens
 * open (incident details), and the support screen app/screens.ts lazy-loads by file.
 */
export { NewReferralModal } from "./NewReferralModal.tsx";
export { ReferButton } from "./ReferButton.tsx";
export { registerExternalSupportFileTab } from "./register.ts";
