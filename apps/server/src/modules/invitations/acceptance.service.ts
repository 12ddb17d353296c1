import type { AcceptInvitationBody, InvitationLookup } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { familyLinks, type familyMembers, users } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { hashToken } from "../../lib/tokens.ts";
import type { AuthService } from "../auth/index.ts";
import type { SetupProgress } from "../schools/index.ts";
import { findUserByEmail, type UserRow } from "../users/index.ts";
import * as repo from "./acceptance.repository.ts";
import type { InvitationRow } from "./invitations.repository.ts";

const invalid = () => new AppError("INVITATION_INVALID");

/** Neither the platform administrator nor a disabled account can join a school. */
const canJoin = (user: UserRow | undefined) => !user || (user.root === 0 && user.isActive);

/**
 * The membership and family-member writes of joining belong to the school-users and families modules, which send
 * their invitations through this one: app.ts hands the writes in, so those modules and this one do not import
 * each other in a circle.
 */
export interface JoinWrites {
  findMember: (tx: Tx, schoolId: string, userId: number) => Promise<{ profile_template: string | null } | undefined>;
  insertMember: (
    tx: Tx,
    values: { schoolId: string; userId: number; profileId: number; trainerType?: string | null },
  ) => Promise<void>;
  upsertFamilyMember: (tx: Tx, values: typeof familyMembers.$inferInsert) => Promise<void>;
}

/**
 * The invited person's side, by the e-mailed token alone: what they are invited to, and accepting it. A new
 * address becomes an account with the password chosen here; an existing account is only linked (its owner then
 * signs in with their own password). The membership and the family links are written in the same transaction
 * that spends the token, so an invitation works once.
 */
export function createAcceptanceService(deps: {
  db: Db;
  events: EventBus;
  auth: Pick<AuthService, "checkNewPassword">;
  writes: JoinWrites;
  setup: Pick<SetupProgress, "afterChange">;
  log: (message: string) => void;
}) {
  const { db } = deps;
  const { findMember, insertMember, upsertFamilyMember } = deps.writes;

  async function lookup(token: string): Promise<InvitationLookup> {
    const row = await repo.findOpenByTokenHash(db, hashToken(token));
    if (!row?.schoolActive) throw invalid();
    const account = await findUserByEmail(db, row.invitation.email);
    if (!canJoin(account)) throw invalid();
    const i = row.invitation;
    return {
      school: { id: i.schoolId, name: row.schoolName, logo: row.schoolLogo, time_zone: row.schoolTimeZone },
      profile_name: row.profileName,
      profile_name_en: row.profileNameEn,
      email: i.email,
      account: account ? "existing" : "new",
      first_name: account ? "" : i.firstName,
      paternal_surname: account ? "" : i.paternalSurname,
      maternal_surname: account ? "" : i.maternalSurname,
      cell_phone: account ? null : i.cellPhone,
      expires_at: i.expiresAt.toISOString(),
    };
  }

  /** The password a new account needs, checked and hashed before any transaction opens. */
  async function newPasswordHash(body: AcceptInvitationBody) {
    if (!body.password) throw new AppError("VALIDATION", { password: "EMPTY_FIELDS" });
    deps.auth.checkNewPassword(body.password, body.password_confirmation ?? "");
    return hashPassword(body.password);
  }

  async function openAccount(tx: Tx, invitation: InvitationRow, body: AcceptInvitationBody, passwordHash: string) {
    const [row] = await tx
      .insert(users)
      .values({
        email: invitation.email,
        firstName: body.first_name ?? invitation.firstName,
        paternalSurname: body.paternal_surname ?? invitation.paternalSurname,
        maternalSurname: body.maternal_surname ?? invitation.maternalSurname,
        cellPhone: body.cell_phone === undefined ? invitation.cellPhone : body.cell_phone,
        language: invitation.language,
        passwordHash,
        // Chosen by the person just now: no forced change at first sign-in.
        passwordUpdated: 1,
      })
      .returning();
    return row!;
  }

  /** Joins the school as invited: the membership, and for a family member what the school keeps and the links. */
  async function join(tx: Tx, invitation: InvitationRow, profileTemplate: string | null, userId: number) {
    const { schoolId } = invitation;
    const member = await findMember(tx, schoolId, userId);
    const links = await repo.linksOfInvitation(tx, schoolId, invitation.id);
    const family = profileTemplate === "familiar" || links.length > 0;
    if (!member) {
      await insertMember(tx, {
        schoolId,
        userId,
        profileId: invitation.profileId,
        trainerType: invitation.trainerType,
      });
    } else if (family && member.profile_template !== "familiar") {
      throw new AppError("MEMBER_NOT_FAMILIAR");
    }
    if (!family) return;
    const details = invitation.family;
    await upsertFamilyMember(tx, {
      schoolId,
      userId,
      rfc: details?.rfc ?? null,
      phone: details?.phone ?? null,
      alternatePhone: details?.alternate_phone ?? null,
      address: details?.address ?? null,
      observations: details?.observations ?? null,
    });
    if (links.length > 0) {
      await tx
        .insert(familyLinks)
        .values(
          links.map((l) => ({
            schoolId,
            studentId: l.studentId,
            userId,
            relationship: l.relationship,
            canPickUp: l.canPickUp,
            isEmergencyContact: l.isEmergencyContact,
          })),
        )
        .onConflictDoNothing();
    }
  }

  async function accept(body: AcceptInvitationBody) {
    const tokenHash = hashToken(body.token);
    const open = await repo.findOpenByTokenHash(db, tokenHash);
    if (!open?.schoolActive) throw invalid();
    const known = await findUserByEmail(db, open.invitation.email);
    if (!canJoin(known)) throw invalid();
    // The slow hash runs before the transaction, and only for an address without an account.
    const passwordHash = known ? null : await newPasswordHash(body);
    try {
      const outcome = await db.transaction(async (tx) => {
        const invitation = await repo.claimInvitation(tx, tokenHash);
        if (!invitation) throw invalid();
        let user = await findUserByEmail(tx, invitation.email);
        const account = user ? ("existing" as const) : ("new" as const);
        if (!canJoin(user)) throw invalid();
        if (!user) {
          // The account vanished between the look and the write: it needs the password it was not given.
          if (!passwordHash) throw new AppError("VALIDATION", { password: "EMPTY_FIELDS" });
          user = await openAccount(tx, invitation, body, passwordHash);
        }
        await repo.setAcceptedUser(tx, invitation.schoolId, invitation.id, user.id);
        await join(tx, invitation, open.profileTemplate, user.id);
        return { account, userId: user.id, email: user.email, schoolId: invitation.schoolId };
      });
      deps.events.emit("users.changed", { userId: outcome.userId });
      deps.events.emit("memberships.changed", { schoolId: outcome.schoolId, userId: outcome.userId });
      // A new member may be the staff stage of the school's setup, which counts only who joined (issue 26 §4). Awaited,
      // not announced: the setup hook sees only school routes' writes, and an acceptance answered before the setup
      // had noticed let the Director's next call read the checklist as still pending.
      await deps.setup
        .afterChange(outcome.schoolId)
        .catch((error: Error) => deps.log(`setup progress: ${error.message}`));
      return {
        account: outcome.account,
        userId: outcome.userId,
        email: outcome.email,
        school: { id: outcome.schoolId, name: open.schoolName },
      };
    } catch (error) {
      // Two invitations to one new address accepted at the same instant: the second finds the e-mail taken.
      if (isUniqueViolation(error)) throw new AppError("CONFLICT");
      throw error;
    }
  }

  return { lookup, accept };
}

export type AcceptanceService = ReturnType<typeof createAcceptanceService>;
