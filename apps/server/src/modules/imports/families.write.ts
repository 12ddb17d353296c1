import { normalizeId } from "@convive/domain";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { familyLinks, familyMembers, type InvitedFamilyDetails } from "../../db/schema/index.ts";
import { insertInvitationLinks, openInvitations, type PendingMail, renewOpenInvitation } from "../invitations/index.ts";
import type { FamilyWork, Good } from "./families.work.ts";
import { chunks, type PlanContext, type Row } from "./plan.ts";
import { addressOf } from "./students.plan.ts";

/** What the school keeps of a family member, from the row's cells. */
const detailsOf = (row: Row): InvitedFamilyDetails => ({
  rfc: row.get("rfc") ? normalizeId(row.get("rfc")) : null,
  phone: row.get("phone") || null,
  alternate_phone: row.get("alternate_phone") || null,
  address: addressOf(row),
  observations: row.get("observations") || null,
});

const linkOf = (g: Good) => ({
  studentId: g.studentId,
  relationship: g.relationship,
  canPickUp: g.canPickUp,
  isEmergencyContact: g.emergency,
});

/** The rows of each address, in file order (the first row names the person). */
function byEmail<T extends Good>(rows: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const g of rows) {
    const list = groups.get(g.email);
    if (list) list.push(g);
    else groups.set(g.email, [g]);
  }
  return [...groups.values()];
}

/**
 * Writes a families file: links for the school's own family members, more students on open invitations (renewed
 * when expired), and new invitations. The invitations' e-mails are collected in `mails` for after the commit.
 */
export async function writeFamilies(
  tx: Tx,
  input: {
    schoolId: string;
    familiar: number;
    context: PlanContext;
    work: FamilyWork;
    mails: PendingMail[];
    progress: (rowsDone: number) => void;
  },
) {
  const { schoolId, work } = input;
  let done = 0;
  for (const part of chunks(work.direct)) {
    const firsts = byEmail(part).map((rows) => rows[0]!);
    await tx
      .insert(familyMembers)
      .values(firsts.map((g) => ({ schoolId, userId: g.userId, ...columnsOf(detailsOf(g.row)) })))
      // A member the school already knows keeps what the file leaves blank.
      .onConflictDoUpdate({
        target: [familyMembers.schoolId, familyMembers.userId],
        set: {
          rfc: sql`coalesce(excluded.rfc, ${familyMembers.rfc})`,
          phone: sql`coalesce(excluded.phone, ${familyMembers.phone})`,
          alternatePhone: sql`coalesce(excluded.alternate_phone, ${familyMembers.alternatePhone})`,
          address: sql`coalesce(excluded.address, ${familyMembers.address})`,
          observations: sql`coalesce(excluded.observations, ${familyMembers.observations})`,
        },
      });
    await tx.insert(familyLinks).values(part.map((g) => ({ schoolId, userId: g.userId, ...linkOf(g) })));
    done += part.length;
    input.progress(done);
  }

  const renewed = new Set<number>();
  for (const part of chunks(work.extend)) {
    await insertInvitationLinks(
      tx,
      part.map((g) => ({ schoolId, invitationId: g.invitation.id, ...linkOf(g) })),
    );
    // An expired invitation gets a new link, once, so the person can accept every student on it.
    for (const { invitation } of part) {
      if (invitation.expiresAt.getTime() > Date.now() || renewed.has(invitation.id)) continue;
      renewed.add(invitation.id);
      const mail = await renewOpenInvitation(tx, schoolId, invitation.id);
      if (mail) input.mails.push(mail);
    }
    done += part.length;
    input.progress(done);
  }

  for (const part of chunks(byEmail(work.fresh), 500)) {
    const opened = await openInvitations(
      tx,
      part.map((rows) => {
        const first = rows[0]!;
        return {
          schoolId,
          email: first.email,
          firstName: first.row.get("first_name"),
          paternalSurname: first.row.get("paternal_surname"),
          maternalSurname: first.row.get("maternal_surname"),
          cellPhone: first.row.get("phone") || null,
          profileId: input.familiar,
          language: input.context.language,
          family: detailsOf(first.row),
          invitedBy: input.context.invitedBy,
          links: rows.map(linkOf),
        };
      }),
    );
    input.mails.push(...opened.mails);
    done += part.reduce((n, rows) => n + rows.length, 0);
    input.progress(done);
  }
}

const columnsOf = (d: InvitedFamilyDetails) => ({
  rfc: d.rfc,
  phone: d.phone,
  alternatePhone: d.alternate_phone,
  address: d.address,
  observations: d.observations,
});
