import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { createdAt, rowId, schoolIdColumn } from "./schools.ts";
import { students } from "./students.ts";

// External support (issue 28 §1; module external-support; migration 0034) and the support files it shares with
// inclusion (whose tables are db/schema/inclusion.ts). Minors' health data: every table is behind row-level security,
// and the app role deletes nothing — a referral closes.

type Column = Parameters<typeof foreignKey>[0]["columns"][number];
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });
const ofStudent = (t: { schoolId: Column; studentId: Column }) =>
  foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] });

/** The school's trainer types (psychologist, therapist…), es/en; a starter list is inserted per school. */
export const trainerTypes = pgTable(
  "trainer_types",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

export const referrals = pgTable(
  "referrals",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    studentId: integer("student_id").notNull(),
    trainerTypeId: integer("trainer_type_id").notNull(),
    specialist: text("specialist").notNull(),
    institution: text("institution").notNull().default(""),
    contact: text("contact").notNull().default(""),
    reason: text("reason").notNull(),
    /** requested → in_progress → closed (REFERRAL_STATUSES). */
    status: text("status").notNull().default("requested"),
    outcome: text("outcome"),
    startDate: date("start_date").notNull(),
    nextReviewDate: date("next_review_date"),
    responsibleId: integer("responsible_id"),
    internalNotes: text("internal_notes").notNull().default(""),
    incidentId: integer("incident_id"),
    createdBy: integer("created_by").notNull(),
    createdAt: createdAt(),
    /** The review date whose reminder went out: the daily job reminds once per date. */
    remindedFor: date("reminded_for"),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    ofStudent(t),
    foreignKey({ columns: [t.schoolId, t.trainerTypeId], foreignColumns: [trainerTypes.schoolId, trainerTypes.id] }),
    byMember(t, t.createdBy),
    byMember(t, t.responsibleId),
    index("referrals_student_idx").on(t.schoolId, t.studentId),
    index("referrals_review_idx").on(t.nextReviewDate),
  ],
);

export const referralFollowUps = pgTable(
  "referral_follow_ups",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    referralId: integer("referral_id").notNull(),
    authorId: integer("author_id").notNull(),
    body: text("body").notNull(),
    /** Staff only: a family never reads it. */
    internal: boolean("internal").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.referralId], foreignColumns: [referrals.schoolId, referrals.id] }),
    byMember(t, t.authorId),
    index("referral_follow_ups_idx").on(t.schoolId, t.referralId),
  ],
);

/**
 * The files of external support and inclusion (a signed consent, a follow-up's report, a diagnosis, a signed letter):
 * uploaded first, unattached, by their uploader; a save claims them for its record (owner_kind, owner_id). Stored
 * under UPLOADS_DIR/private/support/<school id>/, read only through GET /api/support-attachments/:id.
 */
export const supportAttachments = pgTable(
  "support_attachments",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    uploadedBy: integer("uploaded_by").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    storedName: text("stored_name").notNull(),
    /** referral_consent, referral_follow_up (external support); condition, signed_letter (inclusion). */
    ownerKind: text("owner_kind"),
    ownerId: integer("owner_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    byMember(t, t.uploadedBy),
    index("support_attachments_owner_idx").on(t.schoolId, t.ownerKind, t.ownerId),
  ],
);
