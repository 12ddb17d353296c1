import type {
  AssignProfileBody,
  CreateSchoolUserBody,
  Language,
  SchoolUser,
  SchoolUsersQuery,
  UpdateSchoolUserBody,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation, lockSchoolStructure } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { openWorkOf, type WorkHandover } from "../../lib/work-handover.ts";
import type { Tenant } from "../../plugins/access.ts";
import {
  type InvitationsService,
  membersByEmail,
  openInvitations,
  openInvitationsFor,
  presentOne,
} from "../invitations/index.ts";
import { ownedGroups } from "../structure/index.ts";
import { findProfile, identityChanges, identityEditable, updateMembership, updateUserRow } from "../users/index.ts";
import * as repo from "./school-users.repository.ts";

const present = ({ joined, ...row }: repo.MemberRow): SchoolUser => ({ ...row, joined_at: joined.toISOString() });

/** The school's members (master configuration › school-users): staff and family accounts alike. */
export function createSchoolUsersService(deps: {
  db: Db;
  events: EventBus;
  invitations: Pick<InvitationsService, "deliver">;
  /** Issue 31 §2: the kinds of work a member may still hold (app.ts's workHandovers), counted in the detail. */
  handovers: readonly WorkHandover[];
}) {
  const { db, events } = deps;

  async function list(tenant: Tenant, query: SchoolUsersQuery) {
    const { rows, total } = await repo.listMembers(db, tenant.schoolId, {
      search: query.search || undefined,
      profileId: query.profile_id,
      isActive: query.is_active,
      scope: query.scope,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return { users: rows.map(present), total, page: query.page, per_page: query.per_page };
  }

  async function detail(tx: Tx, schoolId: string, userId: number) {
    const row = await repo.findMember(tx, schoolId, userId);
    if (!row) throw new AppError("NOT_FOUND");
    return {
      ...present(row),
      owned_groups: await ownedGroups(tx, schoolId, userId),
      identity_editable: await identityEditable(tx, schoolId, userId),
      // What deactivating them would leave without anyone: the screen warns and links to user reassignment.
      open_work: await openWorkOf(tx, schoolId, userId, deps.handovers),
    };
  }

  const get = (tenant: Tenant, userId: number) => detail(db, tenant.schoolId, userId);

  async function requireProfile(tx: Tx, schoolId: string, profileId: number) {
    const profile = await findProfile(tx, schoolId, profileId);
    if (!profile) throw new AppError("PROFILE_NOT_IN_SCHOOL", { profile_id: "PROFILE_NOT_IN_SCHOOL" });
    return profile;
  }

  /** Spec §5: a head teacher who owns a group cannot leave (or become a family account) while owning it. */
  async function checkNotHeadTeacher(tx: Tx, schoolId: string, userIds: readonly number[]) {
    if ((await repo.headTeachersAmong(tx, schoolId, userIds)).length > 0) throw new AppError("HEAD_TEACHER_OWNS_GROUP");
  }

  /**
   * Invites a person (issue 9): the answer is the same whether the e-mail has an account or not and echoes only
   * what was typed; no account is read, created or linked until the person accepts the e-mailed link.
   * Refusals name only what the school already knows: its own members and its own open invitations.
   */
  async function create(tenant: Tenant, actorId: number, body: CreateSchoolUserBody, requestLanguage: Language) {
    const { schoolId } = tenant;
    await requireProfile(db, schoolId, body.profile_id);
    const opened = await db
      .transaction(async (tx) => {
        if ((await membersByEmail(tx, schoolId, [body.email])).size > 0) {
          throw new AppError("ALREADY_MEMBER", { email: "ALREADY_MEMBER" });
        }
        if ((await openInvitationsFor(tx, schoolId, [body.email])).size > 0) {
          throw new AppError("ALREADY_INVITED", { email: "ALREADY_INVITED" });
        }
        return openInvitations(tx, [
          {
            schoolId,
            email: body.email,
            firstName: body.first_name,
            paternalSurname: body.paternal_surname,
            maternalSurname: body.maternal_surname,
            cellPhone: body.cell_phone ?? null,
            profileId: body.profile_id,
            trainerType: body.trainer_type ?? null,
            language: body.language ?? requestLanguage,
            invitedBy: actorId,
          },
        ]);
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError("ALREADY_INVITED", { email: "ALREADY_INVITED" });
        throw error;
      });
    deps.invitations.deliver(opened.mails);
    return { invitation: await presentOne(db, schoolId, opened.rows[0]!.id) };
  }

  /**
   * Edits the membership (profile, trainer type). The person's names and phone change only while the account is
   * still the school's to fix (never used, no other school); the e-mail never changes from here.
   */
  async function update(tenant: Tenant, actorId: number, userId: number, body: UpdateSchoolUserBody) {
    const { schoolId } = tenant;
    let renamed = false;
    const out = await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const member = await repo.findMember(tx, schoolId, userId);
      if (!member) throw new AppError("NOT_FOUND");
      if (body.profile_id !== undefined && body.profile_id !== member.profile_id) {
        if (userId === actorId)
          throw new AppError("CANNOT_CHANGE_OWN_PROFILE", { profile_id: "CANNOT_CHANGE_OWN_PROFILE" });
        const profile = await requireProfile(tx, schoolId, body.profile_id);
        if (profile.templateKey === "familiar") await checkNotHeadTeacher(tx, schoolId, [userId]);
      }
      const identity = await identityChanges(
        tx,
        schoolId,
        userId,
        {
          firstName: member.first_name,
          paternalSurname: member.paternal_surname,
          maternalSurname: member.maternal_surname,
          cellPhone: member.cell_phone,
          email: member.email,
        },
        {
          firstName: body.first_name,
          paternalSurname: body.paternal_surname,
          maternalSurname: body.maternal_surname,
          cellPhone: body.cell_phone,
          email: body.email,
        },
      );
      if (identity) {
        await updateUserRow(tx, userId, identity);
        renamed = true;
      }
      if (body.profile_id !== undefined || body.trainer_type !== undefined) {
        await updateMembership(tx, schoolId, userId, { profileId: body.profile_id, trainerType: body.trainer_type });
      }
      return detail(tx, schoolId, userId);
    });
    if (renamed) events.emit("users.changed", { userId });
    events.emit("memberships.changed", { schoolId, userId });
    return out;
  }

  /**
   * Deactivates the membership in this school only: the person's sessions stay valid for their other schools,
   * while every call and socket of theirs in this school is refused at once (the cached identity drops and the
   * realtime plugin disconnects the sockets joined to this membership).
   */
  async function deactivate(tenant: Tenant, actorId: number, userId: number) {
    const { schoolId } = tenant;
    if (userId === actorId) throw new AppError("CANNOT_DEACTIVATE_SELF");
    const out = await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      if (!(await repo.findMember(tx, schoolId, userId))) throw new AppError("NOT_FOUND");
      await checkNotHeadTeacher(tx, schoolId, [userId]);
      await updateMembership(tx, schoolId, userId, { isActive: false });
      return detail(tx, schoolId, userId);
    });
    events.emit("memberships.changed", { schoolId, userId });
    events.emit("memberships.ended", { schoolId, userId });
    // The user's payload lists their schools with this one now inactive.
    events.emit("users.changed", { userId });
    return out;
  }

  async function activate(tenant: Tenant, userId: number) {
    const { schoolId } = tenant;
    const out = await db.transaction(async (tx) => {
      if (!(await repo.findMember(tx, schoolId, userId))) throw new AppError("NOT_FOUND");
      await updateMembership(tx, schoolId, userId, { isActive: true });
      return detail(tx, schoolId, userId);
    });
    events.emit("memberships.changed", { schoolId, userId });
    events.emit("users.changed", { userId });
    return out;
  }

  /** Gives every listed member the profile, or nobody: one unknown user or one refused change stops them all. */
  async function assignProfile(tenant: Tenant, actorId: number, body: AssignProfileBody) {
    const { schoolId } = tenant;
    const ids = [...new Set(body.user_ids)];
    await db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const profile = await requireProfile(tx, schoolId, body.profile_id);
      const members = await repo.membersAmong(tx, schoolId, ids);
      if (members.length !== ids.length) throw new AppError("NOT_FOUND", { user_ids: "NOT_FOUND" });
      const changing = members.filter((m) => m.profile_id !== body.profile_id).map((m) => m.id);
      if (changing.includes(actorId))
        throw new AppError("CANNOT_CHANGE_OWN_PROFILE", { user_ids: "CANNOT_CHANGE_OWN_PROFILE" });
      if (profile.templateKey === "familiar") await checkNotHeadTeacher(tx, schoolId, changing);
      await repo.setProfile(tx, schoolId, ids, body.profile_id);
    });
    for (const userId of ids) events.emit("memberships.changed", { schoolId, userId });
    return { profile_id: body.profile_id, updated: ids.length };
  }

  return { list, get, create, update, deactivate, activate, assignProfile };
}

export type SchoolUsersService = ReturnType<typeof createSchoolUsersService>;
