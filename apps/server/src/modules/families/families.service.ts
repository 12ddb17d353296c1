import {
  type CreateFamilyMemberBody,
  type FamilyMember,
  type FamilyMembersQuery,
  isValidRfc,
  type Language,
  normalizeId,
  type UpdateFamilyMemberBody,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import type { InvitedFamilyDetails } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Tenant } from "../../plugins/access.ts";
import {
  type InvitationsService,
  invitationsForStudent,
  membersByEmail,
  presentInvitations,
  presentOne,
} from "../invitations/index.ts";
import { cleanAddress, findStudent } from "../students/index.ts";
import { identityChanges, updateUserRow } from "../users/index.ts";
import * as repo from "./families.repository.ts";
import { cancelStudentInvitation, type FamilyLinkFields, inviteFamilyMember } from "./family-invitations.ts";

const present = (row: repo.LinkRow): FamilyMember => ({ ...row, address: row.address ?? {} });

/** Family members of students: Familiar accounts shared between siblings, with what the school keeps of them. */
export function createFamiliesService(deps: {
  db: Db;
  events: EventBus;
  invitations: Pick<InvitationsService, "deliver" | "resend">;
}) {
  const { db, events, invitations } = deps;

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

  /** The student's family members, and the invitations that will link more of them once accepted. */
  async function listForStudent(tenant: Tenant, studentId: number) {
    await requireStudent(db, tenant.schoolId, studentId);
    const invited = await invitationsForStudent(db, tenant.schoolId, studentId);
    return {
      family_members: (await repo.linksOf(db, tenant.schoolId, studentId)).map(present),
      invitations: await presentInvitations(db, tenant.schoolId, invited),
    };
  }

  /**
   * Adds a family member to a student. One who already is a family member of this school (a sibling's parent) is
   * linked at once — the school already knows them. Any other e-mail is invited (issue 9): the same answer
   * whether or not it has an account elsewhere, echoing only what was typed; the link is made on acceptance.
   * A second child for an address already invited joins that invitation.
   */
  async function add(tenant: Tenant, actorId: number, studentId: number, body: CreateFamilyMemberBody, lang: Language) {
    const { schoolId } = tenant;
    // The student first: another school's id is 404 whatever the body holds.
    await requireStudent(db, schoolId, studentId);
    checkRfc(body.rfc);
    const familiar = await repo.familiarProfileId(db, schoolId);
    if (!familiar) throw new AppError("FAMILIAR_PROFILE_MISSING");
    const details = {
      rfc: body.rfc ? normalizeId(body.rfc) : null,
      phone: body.phone ?? null,
      alternate_phone: body.alternate_phone ?? null,
      address: cleanAddress(body.address) ?? null,
      observations: body.observations ?? null,
    };
    const link = {
      relationship: body.relationship,
      canPickUp: body.can_pick_up,
      isEmergencyContact: body.is_emergency_contact,
    };
    try {
      const outcome = await db.transaction(async (tx) => {
        const member = (await membersByEmail(tx, schoolId, [body.email])).get(body.email);
        if (member && member.template !== "familiar") {
          throw new AppError("MEMBER_NOT_FAMILIAR", { email: "MEMBER_NOT_FAMILIAR" });
        }
        if (member) {
          await linkMember(tx, schoolId, studentId, member.userId, details, link);
          return { linked: member.userId, invited: null };
        }
        const input = { schoolId, actorId, studentId, body, familiar, details, link, lang };
        return { linked: null, invited: await inviteFamilyMember(tx, input) };
      });
      if (outcome.linked !== null) {
        events.emit("memberships.changed", { schoolId, userId: outcome.linked });
        return { family_member: await linkOut(db, schoolId, studentId, outcome.linked), invitation: null };
      }
      if (outcome.invited.mail) invitations.deliver([outcome.invited.mail]);
      return { family_member: null, invitation: await presentOne(db, schoolId, outcome.invited.id) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("ALREADY_LINKED", { email: "ALREADY_LINKED" });
      throw error;
    }
  }

  /** Links a family member of this school to one more student, keeping what the school already holds of them. */
  async function linkMember(
    tx: Tx,
    schoolId: string,
    studentId: number,
    userId: number,
    details: InvitedFamilyDetails,
    link: FamilyLinkFields,
  ) {
    if ((await repo.linksOf(tx, schoolId, studentId, userId)).length > 0) {
      throw new AppError("ALREADY_LINKED", { email: "ALREADY_LINKED" });
    }
    await repo.upsertFamilyMember(tx, {
      schoolId,
      userId,
      rfc: details.rfc,
      phone: details.phone,
      alternatePhone: details.alternate_phone,
      address: details.address,
      observations: details.observations,
    });
    await repo.insertLink(tx, { schoolId, studentId, userId, ...link });
  }

  /**
   * Edits what the school keeps of the member and this link's relationship and flags. The names are the
   * person's own: they change only while the account is still the school's to fix (see identityChanges).
   */
  async function update(tenant: Tenant, studentId: number, userId: number, body: UpdateFamilyMemberBody) {
    const { schoolId } = tenant;
    let renamed = false;
    const out = await db.transaction(async (tx) => {
      // The link first: another school's ids are 404 whatever the body holds.
      const current = await linkOut(tx, schoolId, studentId, userId);
      checkRfc(body.rfc);
      const identity = await identityChanges(
        tx,
        schoolId,
        userId,
        {
          firstName: current.first_name,
          paternalSurname: current.paternal_surname,
          maternalSurname: current.maternal_surname,
          cellPhone: null,
          email: current.email,
        },
        { firstName: body.first_name, paternalSurname: body.paternal_surname, maternalSurname: body.maternal_surname },
      );
      if (identity) {
        await updateUserRow(tx, userId, identity);
        renamed = true;
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

  /**
   * Unlinks the member from the student; the account and the membership stay (other children, or deactivate it in
   * school-users). The family scope is read live, so the child's records close to them on the next call.
   */
  async function unlink(tenant: Tenant, studentId: number, userId: number) {
    const { schoolId } = tenant;
    await db.transaction(async (tx) => {
      await linkOut(tx, schoolId, studentId, userId);
      await repo.deleteLink(tx, schoolId, studentId, userId);
    });
    events.emit("memberships.changed", { schoolId, userId });
    return { id: userId };
  }

  async function cancelInvitation(tenant: Tenant, studentId: number, invitationId: number) {
    await db.transaction((tx) => cancelStudentInvitation(tx, tenant.schoolId, studentId, invitationId));
    return { id: invitationId };
  }

  /** Sends the student's invitation again with a new link (the previous one stops working). */
  async function resendInvitation(tenant: Tenant, studentId: number, invitationId: number) {
    const { schoolId } = tenant;
    const invited = await invitationsForStudent(db, schoolId, studentId);
    if (!invited.some((i) => i.invitation.id === invitationId)) throw new AppError("NOT_FOUND");
    return invitations.resend(tenant, invitationId);
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

  return { listForStudent, add, update, unlink, search, cancelInvitation, resendInvitation };
}

export type FamiliesService = ReturnType<typeof createFamiliesService>;
