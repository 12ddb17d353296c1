/** The new-referral form's values, as its fields hold them (ids of pickers are strings; "" is no date). */
export interface ReferralValues {
  trainer_type_id: string | null;
  specialist: string;
  institution: string;
  contact: string;
  reason: string;
  start_date: string;
  next_review_date: string;
  responsible_id: string | null;
  internal_notes: string;
}

/**
 * The body POST /api/students/:id/referrals takes, from the form as typed: a type still unpicked is null (the
 * check then reads it as an empty field), no review date is null, no responsible is null (the server: the creator).
 */
export function referralBody(v: ReferralValues, consentDocumentId: number | null, incidentId: number | null) {
  return {
    trainer_type_id: v.trainer_type_id ? Number(v.trainer_type_id) : null,
    specialist: v.specialist,
    institution: v.institution,
    contact: v.contact,
    reason: v.reason,
    start_date: v.start_date,
    next_review_date: v.next_review_date || null,
    responsible_id: v.responsible_id ? Number(v.responsible_id) : null,
    internal_notes: v.internal_notes,
    consent_document_id: consentDocumentId,
    incident_id: incidentId,
  };
}
