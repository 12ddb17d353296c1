/**
 * External support's public surface (issue 28 §1): the action an incident's details place ("Canalizar a apoyo
 * externo"), the new-referral and details dialogs, and the address of one referral. Its tab in the student's file
 * is registered by file from app/student-file-tabs.ts, and its screen (/support) is lazy-loaded by file from
 * app/screens.ts (routes/SupportPage.tsx). `SupportFilesField` uploads files to the shared support-file store as they
 * are chosen (nursing's signed medication authorisation uses it).
 */
export { NewReferralModal } from "./components/NewReferralModal.tsx";
export { ReferFromIncident } from "./components/ReferFromIncident.tsx";
export { ReferralDetailsModal } from "./components/ReferralDetailsModal.tsx";
export {
  SupportFilesField,
  type Upload,
  uploadedIds,
  uploadsSettled,
} from "./components/SupportFilesField.tsx";
export { REFERRAL_PARAM, SUPPORT_FILE_TAB } from "./link.ts";
