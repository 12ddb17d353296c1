import type { AdminSchool, CreateSchoolBody, UpdateSchoolBody } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { presentSchoolIdentity, type SchoolRow } from "../../lib/school-presenter.ts";
import { openInvitations, writeInvitationMail } from "../invitations/index.ts";
import { findSchool, insertSchoolWithProfiles, listSchools, updateSchool } from "../schools/index.ts";
import { listProfiles, memberCounts } from "./admin.repository.ts";

const present = (school: SchoolRow, counts = { total: 0, active: 0 }): AdminSchool => ({
  ...presentSchoolIdentity(school),
  is_active: school.isActive,
  created_at: school.createdAt.toISOString(),
  member_count: counts.total,
  active_member_count: counts.active,
});

/** Body fields → columns; undefined stays undefined so an update leaves the column alone. */
const columns = (body: Partial<CreateSchoolBody> & { is_active?: boolean }) => ({
  name: body.name,
  legalName: body.legal_name,
  cct: body.cct,
  address: body.address,
  phone: body.phone,
  email: body.email,
  timeZone: body.time_zone,
  isActive: body.is_active,
});

/** Schools as the platform administrator manages them (spec §2 admin-school-creator). */
export function createAdminSchoolsService(deps: { db: Db; events: EventBus; mailer: Mailer; config: Config }) {
  const { db } = deps;

  async function list() {
    const [rows, counts] = await Promise.all([listSchools(db), memberCounts(db)]);
    return rows.map((school) => present(school, counts.get(school.id)));
  }

  /**
   * Creates the school with its profiles seeded from the templates (the slug must be free) and, when given, the
   * invitation of its first Director with its e-mail: one transaction, so a school never exists without the
   * invitation that lets someone run it, nor an e-mail for a school that was not created (issue 26 §4).
   */
  async function create(body: CreateSchoolBody, actorId?: number) {
    if (await findSchool(db, body.id)) throw new AppError("CONFLICT", { id: "CONFLICT" });
    const { director, ...fields } = body;
    try {
      const { school, invitation } = await db.transaction(async (tx) => {
        const created = await insertSchoolWithProfiles(tx, { ...columns(fields), id: body.id, name: body.name });
        if (!director) return { school: created.school, invitation: null };
        const { rows, mails } = await openInvitations(tx, [
          {
            schoolId: body.id,
            email: director.email,
            firstName: director.first_name,
            paternalSurname: director.paternal_surname,
            maternalSurname: director.maternal_surname,
            profileId: created.profileIds.director!,
            language: director.language,
            invitedBy: actorId ?? null,
          },
        ]);
        for (const mail of mails) await writeInvitationMail(deps, mail, tx);
        return { school: created.school, invitation: rows[0]! };
      });
      return {
        school: present(school),
        profiles: await listProfiles(db, school.id),
        director_invitation: invitation && {
          id: invitation.id,
          email: invitation.email,
          expires_at: invitation.expiresAt.toISOString(),
        },
      };
    } catch (error) {
      // Two creations of one slug at once: the primary key decides.
      if (isUniqueViolation(error)) throw new AppError("CONFLICT", { id: "CONFLICT" });
      throw error;
    }
  }

  /** Edits the school's fields or switches it on and off; members of an inactive school are refused at every call. */
  async function update(id: string, body: UpdateSchoolBody) {
    const row = await updateSchool(db, id, columns(body));
    if (!row) throw new AppError("NOT_FOUND");
    deps.events.emit("schools.changed", { schoolId: id });
    return present(row, (await memberCounts(db, id)).get(id));
  }

  /** The profiles a new member can be given in the school. */
  async function profiles(id: string) {
    if (!(await findSchool(db, id))) throw new AppError("NOT_FOUND");
    return listProfiles(db, id);
  }

  return { list, create, update, profiles };
}

export type AdminSchoolsService = ReturnType<typeof createAdminSchoolsService>;
