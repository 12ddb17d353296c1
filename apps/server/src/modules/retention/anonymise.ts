import type { RetentionCategory } from "@convive/domain";
import { and, arrayContained, arrayOverlaps, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  accompanimentObservations,
  conditionAdjustments,
  conditionBarriers,
  conditionedEnrollments,
  formativeActionCompletions,
  formativeActions,
  formFiles,
  formResponses,
  incidentAcknowledgements,
  incidentAttachments,
  incidents,
  incidentTimeline,
  infirmaryVisits,
  letterAcknowledgements,
  medicalRecordProposals,
  medicalRecords,
  medicationAdministrations,
  medicationAuthorizations,
  messageAttachments,
  messageRevisions,
  messages,
  parentMeetings,
  readLog,
  referralFollowUps,
  referrals,
  studentConditions,
  students,
  supportAttachments,
} from "../../db/schema/index.ts";
import { forSchool } from "../../lib/tenant-db.ts";

/** A file to delete once the transaction commits: its path under UPLOADS_DIR, in parts. */
export type DoomedFile = readonly string[];
export interface Anonymised {
  /** The category's main rows anonymised (the figure of the retention log). */
  records: number;
  files: DoomedFile[];
}

interface Scope {
  tx: Tx;
  schoolId: string;
  /** The students whose category expires in this run. */
  today: number[];
  /** Those and every student whose category was anonymised before (an incident goes when all its students have). */
  expired: number[];
}

// The private folders the modules store their files in (incidents, messages, support and nursing, forms).
const EVIDENCE = ["private", "incidents"] as const;
const MESSAGE_FILES = ["private", "messages"] as const;
const SUPPORT_FILES = ["private", "support"] as const;
const FORM_FILES = ["private", "forms"] as const;

/**
 * The timeline's free-text keys (a reason, a closing note, an evidence file's name, a step's note or comment): they go;
 * the event, its time, who and the ids stay, so the incident's history still reads as a sequence of events.
 */
const TIMELINE_FREE_TEXT = `{${["reason", "closing_note", "file_name", "note", "comment", "text", "body"].join(",")}}`;

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** Deletes support attachments of these owners (the kinds the external-support, inclusion and nursing modules use). */
async function dropSupportFiles(s: Scope, owners: { kind: string; ids: number[] }[]): Promise<DoomedFile[]> {
  const wanted = owners.filter((o) => o.ids.length > 0);
  if (wanted.length === 0) return [];
  const a = supportAttachments;
  const gone = await forSchool(s.tx, s.schoolId)
    .delete(a)
    .where(or(...wanted.map((o) => and(inArray(a.ownerKind, [o.kind]), inArray(a.ownerId, o.ids))))!)
    .returning({ storedName: a.storedName });
  return gone.map((f) => [...SUPPORT_FILES, s.schoolId, f.storedName]);
}

/**
 * What the job does per category (docs/architecture.md "Retention" lists it for people): free text emptied, files
 * deleted, rows kept where the school's counts need them (incidents, observations, visits, form responses).
 */
export const ANONYMISERS: Record<RetentionCategory, (s: Scope) => Promise<Anonymised>> = {
  /**
   * An incident whose every student has expired: its texts, timeline details, actions' and meetings' notes, the families'
   * acknowledgement comments; evidence deleted.
   */
  async incidents(s) {
    const school = forSchool(s.tx, s.schoolId);
    const rows = await school
      .update(incidents, { detail: "", place: null, closingNote: null, cancelReason: null })
      .where(arrayOverlaps(incidents.studentIds, s.today), arrayContained(incidents.studentIds, s.expired))
      .returning({ id: incidents.id });
    const incidentIds = ids(rows);
    if (incidentIds.length === 0) return { records: 0, files: [] };
    await school
      .update(incidentTimeline, { details: sql`${incidentTimeline.details} - ${TIMELINE_FREE_TEXT}::text[]` })
      .where(inArray(incidentTimeline.incidentId, incidentIds));
    const actions = await school
      .update(formativeActions, { notes: null, waiveReason: null })
      .where(inArray(formativeActions.incidentId, incidentIds))
      .returning({ id: formativeActions.id });
    if (actions.length > 0)
      await school
        .update(formativeActionCompletions, { note: null })
        .where(inArray(formativeActionCompletions.actionId, ids(actions)));
    await school
      .update(parentMeetings, { place: null, meetingUrl: null, agreements: null, minutes: null })
      .where(inArray(parentMeetings.incidentId, incidentIds));
    // The families' acknowledgements (of the incident and of its meetings' minutes): what they wrote and the device;
    // who acknowledged and when stay, like the timeline's events.
    await school
      .update(incidentAcknowledgements, { comment: null, device: null })
      .where(inArray(incidentAcknowledgements.incidentId, incidentIds));
    const evidence = await school
      .delete(incidentAttachments)
      .where(inArray(incidentAttachments.incidentId, incidentIds))
      .returning({ storedName: incidentAttachments.storedName });
    return { records: rows.length, files: evidence.map((f) => [...EVIDENCE, s.schoolId, f.storedName]) };
  },

  /** The observation's text; the row (type, day) stays for the counts. */
  async observations(s) {
    const rows = await forSchool(s.tx, s.schoolId)
      .update(accompanimentObservations, { text: "" })
      .where(inArray(accompanimentObservations.studentId, s.today))
      .returning({ id: accompanimentObservations.id });
    return { records: rows.length, files: [] };
  },

  /** Every message's text and its earlier versions; files deleted. The conversation and the receipts stay. */
  async messages(s) {
    const school = forSchool(s.tx, s.schoolId);
    const rows = await school
      .update(messages, { body: "" })
      .where(inArray(messages.studentId, s.today))
      .returning({ id: messages.id });
    if (rows.length === 0) return { records: 0, files: [] };
    await school.update(messageRevisions, { body: "" }).where(inArray(messageRevisions.messageId, ids(rows)));
    const files = await school
      .delete(messageAttachments)
      .where(inArray(messageAttachments.messageId, ids(rows)))
      .returning({ storedName: messageAttachments.storedName });
    return { records: rows.length, files: files.map((f) => [...MESSAGE_FILES, s.schoolId, f.storedName]) };
  },

  /** A referral's specialist, institution, contact, reason, outcome and notes, its follow-ups' text; files deleted. */
  async external_support(s) {
    const school = forSchool(s.tx, s.schoolId);
    const rows = await school
      .update(referrals, { specialist: "", institution: "", contact: "", reason: "", outcome: null, internalNotes: "" })
      .where(inArray(referrals.studentId, s.today))
      .returning({ id: referrals.id });
    if (rows.length === 0) return { records: 0, files: [] };
    const followUps = await school
      .update(referralFollowUps, { body: "" })
      .where(inArray(referralFollowUps.referralId, ids(rows)))
      .returning({ id: referralFollowUps.id });
    const files = await dropSupportFiles(s, [
      { kind: "referral_consent", ids: ids(rows) },
      { kind: "referral_consent_replaced", ids: ids(rows) },
      { kind: "referral_follow_up", ids: ids(followUps) },
    ]);
    return { records: rows.length, files };
  },

  /** Conditions, barriers, adjustments and conditioned enrolments keep their type and dates; their texts go; files deleted. */
  async inclusion(s) {
    const school = forSchool(s.tx, s.schoolId);
    const conditions = await school
      .update(studentConditions, { description: "", usaerNotes: "", internalNotes: "" })
      .where(inArray(studentConditions.studentId, s.today))
      .returning({ id: studentConditions.id });
    if (conditions.length > 0) {
      await school
        .update(conditionBarriers, { description: "" })
        .where(inArray(conditionBarriers.conditionId, ids(conditions)));
      await school
        .update(conditionAdjustments, { description: "", appliedBy: "" })
        .where(inArray(conditionAdjustments.conditionId, ids(conditions)));
    }
    const enrollments = await school
      .update(conditionedEnrollments, { details: "", commitments: [] })
      .where(inArray(conditionedEnrollments.studentId, s.today))
      .returning({ id: conditionedEnrollments.id });
    if (enrollments.length > 0)
      await school
        .update(letterAcknowledgements, { comment: "" })
        .where(inArray(letterAcknowledgements.enrollmentId, ids(enrollments)));
    const files = await dropSupportFiles(s, [
      { kind: "condition", ids: ids(conditions) },
      { kind: "signed_letter", ids: ids(enrollments) },
    ]);
    return { records: conditions.length + enrollments.length, files };
  },

  /** The medical record emptied, proposals' changes and notes, visits' reasons, vitals, treatment and notes,
   *  medicines and doses; the visits' rows (arrival, outcome) stay for the infirmary's counts; files deleted. */
  async nursing(s) {
    const school = forSchool(s.tx, s.schoolId);
    const record = await school
      .update(medicalRecords, {
        bloodType: null,
        allergies: [],
        conditions: [],
        medication: "",
        insuranceProvider: "",
        insurancePolicy: "",
        emergencyContacts: [],
        extra: {},
      })
      .where(inArray(medicalRecords.studentId, s.today))
      .returning({ id: medicalRecords.studentId });
    const proposals = await school
      .update(medicalRecordProposals, { changes: {}, note: "", decisionNote: "" })
      .where(inArray(medicalRecordProposals.studentId, s.today))
      .returning({ id: medicalRecordProposals.id });
    const visits = await school
      .update(infirmaryVisits, { reasonNote: "", vitals: null, treatment: "", notes: "" })
      .where(inArray(infirmaryVisits.studentId, s.today))
      .returning({ id: infirmaryVisits.id });
    const authorizations = await school
      .update(medicationAuthorizations, { medicine: "", dose: "", instructions: "" })
      .where(inArray(medicationAuthorizations.studentId, s.today))
      .returning({ id: medicationAuthorizations.id });
    const doses = await school
      .update(medicationAdministrations, { dose: "", notes: "" })
      .where(inArray(medicationAdministrations.studentId, s.today))
      .returning({ id: medicationAdministrations.id });
    const files = await dropSupportFiles(s, [{ kind: "medication_authorization", ids: ids(authorizations) }]);
    const records = record.length + proposals.length + visits.length + authorizations.length + doses.length;
    return { records, files };
  },

  /** The answers emptied (the response's status stays for the form's response rate); uploaded files deleted. */
  async forms(s) {
    const school = forSchool(s.tx, s.schoolId);
    const rows = await school
      .update(formResponses, { answers: {} })
      .where(inArray(formResponses.studentId, s.today))
      .returning({ id: formResponses.id });
    if (rows.length === 0) return { records: 0, files: [] };
    const files = await school
      .delete(formFiles)
      .where(inArray(formFiles.responseId, ids(rows)))
      .returning({ storedName: formFiles.storedName });
    return { records: rows.length, files: files.map((f) => [...FORM_FILES, s.schoolId, f.storedName]) };
  },

  /** The entries are deleted: they only said who read the child's records. */
  async read_log(s) {
    const rows = await forSchool(s.tx, s.schoolId)
      .delete(readLog)
      .where(inArray(readLog.studentId, s.today))
      .returning({ id: readLog.id });
    return { records: rows.length, files: [] };
  },

  /** Names replaced by "Estudiante <id>", enrollment by "ANON-<id>"; CURP, birthday, address, notes and photo removed.
   *  The row stays (group history, gender and status feed the statistics). */
  async profile(s) {
    const school = forSchool(s.tx, s.schoolId);
    const photos = await school
      .pick(students, { id: students.id, photo: students.photo })
      .where(inArray(students.id, s.today));
    for (const { id } of photos) {
      await school
        .update(students, {
          firstName: "Estudiante",
          paternalSurname: String(id),
          maternalSurname: "",
          enrollment: `ANON-${id}`,
          curp: null,
          birthday: null,
          address: null,
          observations: null,
          photo: null,
        })
        .where(inArray(students.id, [id]));
    }
    const files = photos
      .map((p) => p.photo?.match(/^\/private-uploads\/([a-f0-9]{32}\.(?:jpg|png|webp))$/)?.[1])
      .filter((name): name is string => name !== undefined)
      .map((storedName) => ["private", storedName]);
    return { records: photos.length, files };
  },
};
