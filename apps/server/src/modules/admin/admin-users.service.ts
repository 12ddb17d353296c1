import { randomInt } from "node:crypto";
import type {
  AddMembershipBody,
  AdminUser,
  AdminUsersQuery,
  CreateAdminUserBody,
  UpdateAdminUserBody,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { hashPassword } from "../../lib/passwords.ts";
import type { AuthService } from "../auth/index.ts";
import { findSchool } from "../schools/index.ts";
import { findProfile, findUserByEmail, findUserById, isMember, type UserRow, updateUserRow } from "../users/index.ts";
import { insertMembership, insertUser, membershipsOf, searchUsers } from "./admin.repository.ts";

// No 0/O, 1/l/I: the root reads this password out or types it into a message.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
const TEMPORARY_PASSWORD_LENGTH = 14;

/** A random password for the first sign-in (≈80 bits); the user must replace it. */
export const temporaryPassword = () =>
  Array.from({ length: TEMPORARY_PASSWORD_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

type Membership = Awaited<ReturnType<typeof membershipsOf>>[number];

const present = (user: UserRow, memberships: Membership[]): AdminUser => ({
  id: user.id,
  first_name: user.firstName,
  paternal_surname: user.paternalSurname,
  maternal_surname: user.maternalSurname,
  email: user.email,
  cell_phone: user.cellPhone,
  root: user.root,
  password_updated: user.passwordUpdated,
  language: user.language,
  is_active: user.isActive,
  created_at: user.createdAt.toISOString(),
  memberships: memberships.filter((m) => m.userId === user.id).map(({ userId: _, ...m }) => m),
});

/** Users as the platform administrator manages them (spec §2 admin-user-creator). */
export function createAdminUsersService(deps: { db: Db; auth: Pick<AuthService, "endAllSessions">; events: EventBus }) {
  const { db } = deps;

  async function get(userId: number) {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError("NOT_FOUND");
    return present(user, await membershipsOf(db, [userId]));
  }

  async function list(query: AdminUsersQuery) {
    const { rows, total } = await searchUsers(db, {
      search: query.search || undefined,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    const memberships = await membershipsOf(
      db,
      rows.map((u) => u.id),
    );
    return { users: rows.map((u) => present(u, memberships)), total, page: query.page, per_page: query.per_page };
  }

  /** The school must exist and the profile must be one of its own (composite keys would refuse it anyway). */
  async function checkTarget(tx: Tx, schoolId: string, profileId: number) {
    if (!(await findSchool(tx, schoolId))) throw new AppError("VALIDATION", { school_id: "NOT_FOUND" });
    if (!(await findProfile(tx, schoolId, profileId))) {
      throw new AppError("PROFILE_NOT_IN_SCHOOL", { profile_id: "PROFILE_NOT_IN_SCHOOL" });
    }
  }

  async function checkEmailFree(email: string, exceptUserId?: number) {
    const owner = await findUserByEmail(db, email);
    if (owner && owner.id !== exceptUserId) throw new AppError("EMAIL_TAKEN", { email: "EMAIL_TAKEN" });
  }

  /**
   * Creates a user who must change the password at first sign-in, optionally as a member of a school.
   * A generated password is returned here once and stored only as a hash.
   */
  async function create(body: CreateAdminUserBody) {
    await checkEmailFree(body.email);
    if (body.school_id !== undefined && body.profile_id !== undefined)
      await checkTarget(db, body.school_id, body.profile_id);
    const generated = body.password === undefined ? temporaryPassword() : undefined;
    const passwordHash = await hashPassword(body.password ?? generated!);
    try {
      const user = await db.transaction(async (tx) => {
        const row = await insertUser(tx, {
          firstName: body.first_name,
          paternalSurname: body.paternal_surname,
          maternalSurname: body.maternal_surname,
          email: body.email,
          cellPhone: body.cell_phone ?? null,
          root: body.root,
          language: body.language,
          passwordHash,
          passwordUpdated: 0,
        });
        if (body.school_id !== undefined && body.profile_id !== undefined) {
          await insertMembership(tx, body.school_id, row.id, body.profile_id);
        }
        return row;
      });
      return { user: await get(user.id), ...(generated ? { temporary_password: generated } : {}) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("EMAIL_TAKEN", { email: "EMAIL_TAKEN" });
      throw error;
    }
  }

  /** Makes the user a member of one more school with one of that school's profiles. */
  async function addMembership(userId: number, body: AddMembershipBody) {
    if (!(await findUserById(db, userId))) throw new AppError("NOT_FOUND");
    await checkTarget(db, body.school_id, body.profile_id);
    const taken = new AppError("CONFLICT", { school_id: "CONFLICT" });
    if (await isMember(db, body.school_id, userId)) throw taken;
    try {
      await insertMembership(db, body.school_id, userId, body.profile_id);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken;
      throw error;
    }
    deps.events.emit("users.changed", { userId });
    return get(userId);
  }

  /** Edits the user; disabling ends every session at once (their sockets are dropped by the realtime plugin). */
  async function update(actorId: number, userId: number, body: UpdateAdminUserBody) {
    if (!(await findUserById(db, userId))) throw new AppError("NOT_FOUND");
    // The platform must never lock out the administrator doing the locking.
    if (body.is_active === false && userId === actorId) {
      throw new AppError("CANNOT_DEACTIVATE_SELF", { is_active: "CANNOT_DEACTIVATE_SELF" });
    }
    if (body.email !== undefined) await checkEmailFree(body.email, userId);
    try {
      await updateUserRow(db, userId, {
        firstName: body.first_name,
        paternalSurname: body.paternal_surname,
        maternalSurname: body.maternal_surname,
        email: body.email,
        cellPhone: body.cell_phone,
        isActive: body.is_active,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("EMAIL_TAKEN", { email: "EMAIL_TAKEN" });
      throw error;
    }
    deps.events.emit("users.changed", { userId });
    if (body.is_active === false) await deps.auth.endAllSessions(userId);
    return get(userId);
  }

  return { list, get, create, addMembership, update };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
