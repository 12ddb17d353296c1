import {
  type CreateFamilyMemberBody,
  type FamilyMember,
  type FamilyMembersQuery,
  isValidRfc,
  normalizeId,
  type UpdateFamilyMemberBody,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Tenant } from "../../plugins/access.ts";
import { accountFor } from "../school-users/accounts.ts";
import { findMember, insertMember } from "../school-users/school-users.repository.ts";
import { isUniqueViolation } from "../structure/db-guards.ts";
import { findStudent } from "../students/students.repository.ts";
import { cleanAddress } from "../students/students.service.ts";
import { updateUserRow } from "../users/users.repository.ts";
import * as repo from "./families.repository.ts";

const present = (row: repo.LinkRow): FamilyMember => ({ ...row, address: row.address ?? {} });

/** Family members of students: Familiar accounts shared between siblings, with what the school keeps of them. */
export function createFamiliesService(deps: { db: Db; events: EventBus }) {
  const { db, events } = deps;

  async function requireStudent(tx: Tx, schoolId: string, studentId: number) {
    if (!(await findStudent(tx, schoolId, studentId))) throw new AppError("NOT_FOUND");
  }

  async function linkOut(tx: Tx, schoolId: string, studentId: number, userId: number) {
    const [row] = await repo.linksOf(tx, schoolId, studentId, userId);
    if (!row) throw new AppError("NOT_FOUND");
    return present(row);
  }

  function checkRfc(rfc: string | null | undefined) {
    if (rfc && !isValidRfc(rfc)) throw new AppError("VALIDATION", { rfc: "INVALID_RFC" });
  }

  async function listForStudent(tenant: Tenant, studentId: number) {
    await requireStudent(db, tenant.schoolId, studentId);
    return (await repo.linksOf(db, tenant.schoolId, studentId)).map(present);
  }

  /**
   * Links a family member to a student. A new e-mail creates a Familiar account (temporary password answered
   * once); a known one is reused — a sibling's parent, or someone of another school — unless it is staff here.
   */
  async function add(tenant: Tenant, studentId: number, body: CreateFamilyMemberBody) {
    const { schoolId } = tenant;
    checkRfc(body.rfc);
    await requireStudent(db, schoolId, studentId);
    const familiar = await repo.familiarProfileId(db, schoolId);
    if (!familiar) throw new AppError("FAMILIAR_PROFILE_MISSING");
    const account = await accountFor(db, { ...body, cell_phone: body.phone });
    try {
      const userId = await db.transaction(async (tx) => {
        const user = await account.open(tx);
        const member = await findMember(tx, schoolId, user.id);
        if (member && member.profile_template !== "familiar") {
          throw new AppError("MEMBER_NOT_FAMILIAR", { email: "MEMBER_NOT_FAMILIAR" });
        }
        if (!member) await insertMember(tx, { schoolId, userId: user.id, profileId: familiar });
        if ((await repo.linksOf(tx, schoolId, studentId, user.id)).length > 0) {
          throw new AppError("ALREADY_LINKED", { email: "ALREADY_LINKED" });
        }
        await repo.upsertFamilyMember(tx, {
          schoolId,
          userId: user.id,
          rfc: body.rfc ? normalizeId(body.rfc) : null,
          phone: body.phone ?? null,
          alternatePhone: body.alternate_phone ?? null,
          address: cleanAddress(body.address) ?? null,
          observations: body.observations ?? null,
        });
        await repo.insertLink(tx, {
          schoolId,
          studentId,
          userId: user.id,
          relationship: body.relationship,
          canPickUp: body.can_pick_up,
          isEmergencyContact: body.is_emergency_contact,
        });
        return user.id;
      });
      events.emit("users.changed", { userId });
      events.emit("memberships.changed", { schoolId, userId });
      return {
        family_member: await linkOut(db, schoolId, studentId, userId),
        linked: Boolean(account.existing),
        temporary_password: account.temporaryPassword,
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("ALREADY_LINKED", { email: "ALREADY_LINKED" });
      throw error;
    }
  }

  /** Edits the member's names, what the school keeps of them, and this link's relationship and flags. */
  async function update(tenant: Tenant, studentId: number, userId: number, body: UpdateFamilyMemberBody) {
    const { schoolId } = tenant;
    checkRfc(body.rfc);
    const renamed =
      body.first_name !== undefined || body.paternal_surname !== undefined || body.maternal_surname !== undefined;
    const out = await db.transaction(async (tx) => {
      await linkOut(tx, schoolId, studentId, userId);
      if (renamed) {
        await updateUserRow(tx, userId, {
          firstName: body.first_name,
          paternalSurname: body.paternal_surname,
          maternalSurname: body.maternal_surname,
        });
      }
      await repo.updateFamilyMember(tx, schoolId, userId, {
        rfc: body.rfc === undefined ? undefined : body.rfc ? normalizeId(body.rfc) : null,
        phone: body.phone,
        alternatePhone: body.alternate_phone,
        address: cleanAddress(body.address),
        observations: body.observations,
      });
      await repo.updateLink(tx, schoolId, studentId, userId, {
        relationship: body.relationship,
        canPickUp: body.can_pick_up,
        isEmergencyContact: body.is_emergency_contact,
      });
      return linkOut(tx, schoolId, studentId, userId);
    });
    if (renamed) events.emit("users.changed", { userId });
    return out;
  }

  /** Unlinks the member from the student; the account stays (other children, or deactivate it in school-users). */
  async function unlink(tenant: Tenant, studentId: number, userId: number) {
    const { schoolId } = tenant;
    await db.transaction(async (tx) => {
      await linkOut(tx, schoolId, studentId, userId);
      await repo.deleteLink(tx, schoolId, studentId, userId);
    });
    return { id: userId };
  }

  /** The school's family accounts with their children, to find an existing one before linking it. */
  async function search(tenant: Tenant, query: FamilyMembersQuery) {
    const { rows, total } = await repo.searchAccounts(db, tenant.schoolId, {
      search: query.search || undefined,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    const children = await repo.childrenOf(
      db,
      tenant.schoolId,
      rows.map((r) => r.user_id),
    );
    const families = rows.map((r) => ({
      ...r,
      address: r.address ?? {},
      students: children.filter((c) => c.user_id === r.user_id).map(({ user_id: _, ...c }) => c),
    }));
    return { family_members: families, total, page: query.page, per_page: query.per_page };
  }

  return { listForStudent, add, update, unlink, search };
}

export type FamiliesService = ReturnType<typeof createFamiliesService>;
