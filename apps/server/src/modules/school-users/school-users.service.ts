import type {
  AssignProfileBody,
  CreateSchoolUserBody,
  SchoolUser,
  SchoolUsersQuery,
  UpdateSchoolUserBody,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Tenant } from "../../plugins/access.ts";
import type { AuthService } from "../auth/auth.service.ts";
import { isUniqueViolation, lockSchoolStructure } from "../structure/db-guards.ts";
import { ownedGroups } from "../structure/structure.repository.ts";
import { findProfile, findUserByEmail, updateMembership, updateUserRow } from "../users/users.repository.ts";
import { accountFor } from "./accounts.ts";
import * as repo from "./school-users.repository.ts";

const present = ({ joined, ...row }: repo.MemberRow): SchoolUser => ({ ...row, joined_at: joined.toISOString() });

/** The school's members (master configuration › school-users): staff and family accounts alike. */
export function createSchoolUsersService(deps: {
  db: Db;
  events: EventBus;
  auth: Pick<AuthService, "endAllSessions">;
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
      other_schools_count: await repo.otherSchoolsCount(tx, schoolId, userId),
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

  /** Adds a member: a new e-mail creates the account (temporary password answered once), a known one is linked. */
  async function create(tenant: Tenant, body: CreateSchoolUserBody) {
    const { schoolId } = tenant;
    await requireProfile(db, schoolId, body.profile_id);
    const account = await accountFor(db, body);
    try {
      const userId = await db.transaction(async (tx) => {
        const user = await account.open(tx);
        if (account.existing && (await repo.findMember(tx, schoolId, user.id))) {
          throw new AppError("ALREADY_MEMBER", { email: "ALREADY_MEMBER" });
        }
        await repo.insertMember(tx, {
          schoolId,
          userId: user.id,
          profileId: body.profile_id,
          trainerType: body.trainer_type,
        });
        return user.id;
      });
      // The user's payload lists their schools.
      events.emit("users.changed", { userId });
      const user = await detail(db, schoolId, userId);
      return { user, linked: Boolean(account.existing), temporary_password: account.temporaryPassword };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("ALREADY_MEMBER", { email: "ALREADY_MEMBER" });
      throw error;
    }
  }

  /** Edits names, phone, e-mail (only of an account no other school shares), profile and trainer type. */
  async function update(tenant: Tenant, actorId: number, userId: number, body: UpdateSchoolUserBody) {
    const { schoolId } = tenant;
    const out = await db
      .transaction(async (tx) => {
        await lockSchoolStructure(tx, schoolId);
        const member = await repo.findMember(tx, schoolId, userId);
        if (!member) throw new AppError("NOT_FOUND");
        if (body.profile_id !== undefined && body.profile_id !== member.profile_id) {
          if (userId === actorId)
            throw new AppError("CANNOT_CHANGE_OWN_PROFILE", { profile_id: "CANNOT_CHANGE_OWN_PROFILE" });
          const profile = await requireProfile(tx, schoolId, body.profile_id);
          if (profile.templateKey === "familiar") await checkNotHeadTeacher(tx, schoolId, [userId]);
        }
        if (body.email !== undefined && body.email !== member.email.toLowerCase()) {
          if ((await repo.otherSchoolsCount(tx, schoolId, userId)) > 0) {
            throw new AppError("EMAIL_SHARED_ACCOUNT", { email: "EMAIL_SHARED_ACCOUNT" });
          }
          const owner = await findUserByEmail(tx, body.email);
          if (owner && owner.id !== userId) throw new AppError("EMAIL_TAKEN", { email: "EMAIL_TAKEN" });
        }
        await updateUserRow(tx, userId, {
          firstName: body.first_name,
          paternalSurname: body.paternal_surname,
          maternalSurname: body.maternal_surname,
          email: body.email,
          cellPhone: body.cell_phone,
        });
        if (body.profile_id !== undefined || body.trainer_type !== undefined) {
          await updateMembership(tx, schoolId, userId, { profileId: body.profile_id, trainerType: body.trainer_type });
        }
        return detail(tx, schoolId, userId);
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError("EMAIL_TAKEN", { email: "EMAIL_TAKEN" });
        throw error;
      });
    events.emit("users.changed", { userId });
    events.emit("memberships.changed", { schoolId, userId });
    return out;
  }

  /**
   * Deactivates the membership and ends every session of the user: sessions are not tied to one school, and the
   * open tabs of this school must close now; signing in again lists only their active schools.
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
    events.emit("users.changed", { userId });
    await deps.auth.endAllSessions(userId);
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
