import { randomInt } from "node:crypto";
import type {
  AddMembershipBody,
  AdminUser,
  AdminUsersQuery,
  CreateAdminUserBody,
  UpdateAdminUserBody,
} from "@convive/domain";
import { INVITATION_TTL_DAYS } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { platformLink, schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { type AuthService, openPasswordLink } from "../auth/index.ts";
import { findSchool } from "../schools/index.ts";
import { findProfile, findUserByEmail, findUserById, isMember, type UserRow, updateUserRow } from "../users/index.ts";
import { insertMembership, insertUser, membershipsOf, searchUsers } from "./admin.repository.ts";
import { welcomeMail } from "./welcome-mail.ts";

// No 0/O, 1/l/I: the root reads this password out or types it into a message.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
const TEMPORARY_PASSWORD_LENGTH = 14;

/** A random password (≈80 bits) nobody is told: the account's owner chooses theirs from the e-mailed link. */
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
export function createAdminUsersService(deps: {
  db: Db;
  auth: Pick<AuthService, "endAllSessions">;
  events: EventBus;
  mailer: Mailer;
  config: Config;
}) {
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
    const school = await findSchool(tx, schoolId);
    if (!school) throw new AppError("VALIDATION", { school_id: "NOT_FOUND" });
    if (!(await findProfile(tx, schoolId, profileId))) {
      throw new AppError("PROFILE_NOT_IN_SCHOOL", { profile_id: "PROFILE_NOT_IN_SCHOOL" });
    }
    return school;
  }

  async function checkEmailFree(email: string, exceptUserId?: number) {
    const owner = await findUserByEmail(db, email);
    if (owner && owner.id !== exceptUserId) throw new AppError("EMAIL_TAKEN", { email: "EMAIL_TAKEN" });
  }

  /**
   * Creates a user, optionally as a member of a school. Without a password, nobody is handed one (issue 26 §4):
   * the account gets an unknown random one and an e-mail, written in the same transaction (outbox), invites its
   * owner to choose theirs from a single-use link on the school's address (the platform's without a school).
   */
  async function create(body: CreateAdminUserBody) {
    await checkEmailFree(body.email);
    const school =
      body.school_id !== undefined && body.profile_id !== undefined
        ? await checkTarget(db, body.school_id, body.profile_id)
        : null;
    const passwordHash = await hashPassword(body.password ?? temporaryPassword());
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
        if (school) await insertMembership(tx, school.id, row.id, body.profile_id!);
        if (body.password === undefined) await inviteToChoosePassword(tx, row, school);
        return row;
      });
      return { user: await get(user.id), invitation_sent: body.password === undefined };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("EMAIL_TAKEN", { email: "EMAIL_TAKEN" });
      throw error;
    }
  }

  async function inviteToChoosePassword(tx: Tx, user: UserRow, school: { id: string; name: string } | null) {
    const token = await openPasswordLink(tx, user, new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000));
    const link = school
      ? schoolLink(deps.config, school.id, "/RecoverPassword/reset", { token })
      : platformLink(deps.config, "/RecoverPassword/reset", { token });
    const lang = user.language === "en" ? "en" : "es";
    const content = welcomeMail(lang, { name: user.firstName, school: school?.name ?? null, link });
    await deps.mailer.send({ to: user.email, ...content, urgent: true, schoolId: school?.id ?? null }, tx);
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
