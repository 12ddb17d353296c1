import { z } from "zod";
import { optionalText, QueryId, QueryInt, singleLine } from "./fields.ts";
import { PersonName } from "./responses.ts";

/**
 * Invitations (issue 9): a school never links, reads or changes an account by typing its e-mail. Adding a person
 * sends them an invitation, answered the same whether the address has an account or not; the membership (and a
 * family member's links to students) exist only once the person accepts through the e-mailed link.
 */

/** How long an e-mailed invitation can be accepted. */
export const INVITATION_TTL_DAYS = 7;

export const INVITATION_STATUSES = ["pending", "expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A student an invited family member will be linked to on acceptance. */
export const InvitedStudentSchema = PersonName.extend({
  enrollment: z.string(),
  relationship: z.string(),
  can_pick_up: z.boolean(),
  is_emergency_contact: z.boolean(),
});

/** An open invitation as the school sees it: only what the school itself typed, never the account's data. */
export const InvitationSchema = PersonName.extend({
  email: z.string(),
  cell_phone: z.string().nullable(),
  profile_id: z.number(),
  profile_name: z.string(),
  /** The profile's English name (null: readers of English see profile_name). */
  profile_name_en: z.string().nullable(),
  profile_template: z.string().nullable(),
  trainer_type: z.string().nullable(),
  /** pending until expires_at, then expired (resend renews it). */
  status: z.enum(INVITATION_STATUSES),
  expires_at: z.string(),
  sent_at: z.string(),
  created_at: z.string(),
  /** Family invitations: the students the person will be linked to. */
  students: z.array(InvitedStudentSchema),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationsQuery = z.object({
  /** Part of the typed names or the e-mail. */
  search: singleLine().trim().max(100).optional(),
  /** staff: every profile but Familiar; family: Familiar only. */
  scope: z.enum(["all", "staff", "family"]).default("all"),
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, 100).default(20),
});
export type InvitationsQuery = z.infer<typeof InvitationsQuery>;

export const InvitationParam = z.object({ invitationId: QueryId });

export const StudentInvitationParams = z.object({
  id: QueryId,
  invitationId: QueryId,
});

// ── The invited person (public, by token) ─────────────────────────────────────────────────────────────

const Token = singleLine().trim().min(20).max(200);

export const InvitationTokenBody = z.object({ token: Token });

/** new: no account has the e-mail yet (the person sets a password); existing: they accept and sign in as usual. */
export const INVITATION_ACCOUNT_MODES = ["new", "existing"] as const;

/** What the link's holder (the e-mail's owner) is shown before accepting. */
export const InvitationLookup = z.object({
  /** time_zone: the clock the expiry is shown on. */
  school: z.object({ id: z.string(), name: z.string(), logo: z.string().nullable(), time_zone: z.string() }),
  profile_name: z.string(),
  profile_name_en: z.string().nullable(),
  email: z.string(),
  account: z.enum(INVITATION_ACCOUNT_MODES),
  /** As the school typed them, to prefill a new account (empty for an existing one). */
  first_name: z.string(),
  paternal_surname: z.string(),
  maternal_surname: z.string(),
  cell_phone: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationLookup = z.infer<typeof InvitationLookup>;

/** Accepting: a new account needs a password and may correct its names; an existing one needs nothing more. */
export const AcceptInvitationBody = z.object({
  token: Token,
  password: singleLine().max(200).optional(),
  password_confirmation: singleLine().max(200).optional(),
  first_name: singleLine().trim().min(1).max(80).optional(),
  paternal_surname: singleLine().trim().max(80).optional(),
  maternal_surname: singleLine().trim().max(80).optional(),
  cell_phone: optionalText(30),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const AcceptedInvitation = z.object({
  account: z.enum(INVITATION_ACCOUNT_MODES),
  email: z.string(),
  school: z.object({ id: z.string(), name: z.string() }),
  /**
   * A new account chose its password with the e-mailed token: it is signed in at once, with the session a sign-in
   * opens (its cookies are set too). null for an existing account, whose owner signs in with their own password.
   */
  session: z
    .object({
      access_token: z.string(),
      token_type: z.literal("Bearer"),
      expires_in: z.number(),
      user_id: z.number(),
    })
    .nullable(),
});
