import { z } from "zod";
import { optionalText, QueryId, QueryInt, Id as RowId, singleLine } from "./fields.ts";
import { InvitationSchema } from "./invitations.ts";
import { OpenWorkCount } from "./user-reassignment.ts";

/**
 * Master configuration › school-users (spec §6; product design §1, §3 "Staff user"): the members of the school,
 * each with one profile. Users are platform-wide; the school manages their membership.
 */

const personName = singleLine().trim().min(1).max(80);
const surname = singleLine().trim().max(80);
const Email = singleLine().trim().toLowerCase().max(254).pipe(z.email());
const boolQuery = z.enum(["true", "false"]).transform((v) => v === "true");

/** staff: every profile but Familiar; family: Familiar only. */
export const MEMBER_SCOPES = ["all", "staff", "family"] as const;

export const SchoolUsersQuery = z.object({
  /** Part of a name or the e-mail. */
  search: singleLine().trim().max(100).optional(),
  profile_id: QueryId.optional(),
  is_active: boolQuery.optional(),
  scope: z.enum(MEMBER_SCOPES).default("all"),
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, 100).default(20),
});
export type SchoolUsersQuery = z.infer<typeof SchoolUsersQuery>;

export const SchoolUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  paternal_surname: z.string(),
  maternal_surname: z.string(),
  email: z.string(),
  cell_phone: z.string().nullable(),
  image_profile: z.string().nullable(),
  profile_id: z.number().nullable(),
  profile_name: z.string().nullable(),
  /** The profile's English name (null: readers of English see profile_name). */
  profile_name_en: z.string().nullable(),
  /** The template the profile came from (director, docente, familiar…); null for a school's own profile. */
  profile_template: z.string().nullable(),
  trainer_type: z.string().nullable(),
  /** The membership in this school. */
  is_active: z.boolean(),
  /** 0 until the user replaced the temporary password. */
  password_updated: z.number(),
  joined_at: z.string(),
});
export type SchoolUser = z.infer<typeof SchoolUserSchema>;

/** One user with the groups they own as head teacher (those block deactivation and the Familiar profile). */
export const SchoolUserDetail = SchoolUserSchema.extend({
  owned_groups: z.array(z.object({ id: z.number(), name: z.string(), school_year_id: z.number() })),
  /**
   * Whether this school may still correct the person's names and phone: only for an account that belongs to this
   * school alone and has never been used (a school-created account before its first sign-in). Otherwise they are
   * the person's own, changed only by them.
   */
  identity_editable: z.boolean(),
  /**
   * Issue 31 §2: the open work the user still holds, per kind with items (groups, assignments, follow-ups…);
   * deactivating them while it is not empty warns and links to master-configuration/user-reassignment.
   */
  open_work: z.array(OpenWorkCount),
});

/**
 * Adds a member by invitation: the same answer whether or not the e-mail has an account; the membership exists
 * once the person accepts the e-mailed link (a new address sets its password there).
 */
export const CreateSchoolUserBody = z.object({
  first_name: personName,
  paternal_surname: surname.default(""),
  maternal_surname: surname.default(""),
  email: Email,
  cell_phone: optionalText(30),
  profile_id: RowId,
  /** For external trainers: psychologist, coach, therapist… */
  trainer_type: optionalText(60),
  /** The invitation's language for an address without an account; the request's language when left out. */
  language: z.enum(["es", "en"]).optional(),
});
export type CreateSchoolUserBody = z.infer<typeof CreateSchoolUserBody>;

export const UpdateSchoolUserBody = z.object({
  first_name: personName.optional(),
  paternal_surname: surname.optional(),
  maternal_surname: surname.optional(),
  /** A school never changes an account's e-mail (409 EMAIL_OWNED_BY_PERSON): it invites the new address. */
  email: Email.optional(),
  cell_phone: optionalText(30),
  profile_id: RowId.optional(),
  trainer_type: optionalText(60),
});
export type UpdateSchoolUserBody = z.infer<typeof UpdateSchoolUserBody>;

/** The invitation sent, echoing only what the school typed: the same for a new address and a known one. */
export const CreatedSchoolUser = z.object({ invitation: InvitationSchema });

/** Bulk profile assignment: every user gets the profile, or none does. */
export const AssignProfileBody = z.object({
  user_ids: z.array(RowId).min(1).max(500),
  profile_id: RowId,
});
export type AssignProfileBody = z.infer<typeof AssignProfileBody>;

export const AssignProfileResponse = z.object({ profile_id: z.number(), updated: z.number() });
