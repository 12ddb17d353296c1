import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./access.ts";
import { createdAt, rowId, schoolIdColumn } from "./schools.ts";
import { type Address, students } from "./students.ts";
import { users } from "./users.ts";

/** What the school will keep about an invited family member once they accept (family_members). */
export interface InvitedFamilyDetails {
  rfc: string | null;
  phone: string | null;
  alternate_phone: string | null;
  address: Address | null;
  observations: string | null;
}

/**
 * A school's invitation to an e-mail address: nothing links an account to the school until the person accepts.
 * The names and phone are what the school typed (shown to the school and offered to a new account); an existing
 * account is never read or changed by inviting it. Only the token's SHA-256 is kept, like every other token.
 */
export const invitations = pgTable(
  "invitations",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    /** Lower-case, as typed. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    paternalSurname: text("paternal_surname").notNull().default(""),
    maternalSurname: text("maternal_surname").notNull().default(""),
    cellPhone: text("cell_phone"),
    profileId: integer("profile_id").notNull(),
    trainerType: text("trainer_type"),
    /** The e-mail's language for an address without an account (an account's own language wins). */
    language: text("language").notNull().default("es"),
    /** Set for family members: what the school keeps of them. */
    family: jsonb("family").$type<InvitedFamilyDetails>(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Last time the e-mail was sent (creation or resend). */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: integer("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.schoolId, t.profileId], foreignColumns: [profiles.schoolId, profiles.id] }).onDelete(
      "cascade",
    ),
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    // One open invitation per address and school: a second add of the same e-mail extends or refuses it.
    uniqueIndex("invitations_open_email_key")
      .on(t.schoolId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null`),
    index("invitations_created_idx").on(t.schoolId, t.createdAt),
  ],
);

/** The students an invited family member will be linked to on acceptance, with the link's relationship and flags. */
export const invitationLinks = pgTable(
  "invitation_links",
  {
    schoolId: schoolIdColumn(),
    invitationId: integer("invitation_id").notNull(),
    studentId: integer("student_id").notNull(),
    relationship: text("relationship").notNull(),
    canPickUp: boolean("can_pick_up").notNull().default(false),
    isEmergencyContact: boolean("is_emergency_contact").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.invitationId, t.studentId] }),
    foreignKey({
      columns: [t.schoolId, t.invitationId],
      foreignColumns: [invitations.schoolId, invitations.id],
    }).onDelete("cascade"),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete(
      "cascade",
    ),
    index("invitation_links_student_idx").on(t.schoolId, t.studentId),
  ],
);
