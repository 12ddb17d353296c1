import { and, eq, gt, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { invitationLinks, invitations, profiles, schools } from "../../db/schema/index.ts";
import { forSchool, sameSchool } from "../../lib/tenant-db.ts";

/** The invited person's side: an invitation found and spent by its token's hash. */
const byTokenColumns = {
  invitation: invitations,
  schoolName: schools.name,
  schoolLogo: schools.logo,
  schoolTimeZone: schools.timeZone,
  schoolActive: schools.isActive,
  profileName: profiles.name,
  profileNameEn: profiles.nameEn,
  profileTemplate: profiles.templateKey,
};

/** An open, unexpired invitation by its token's hash, with its school and profile. */
export async function findOpenByTokenHash(tx: Tx, tokenHash: string, now = new Date()) {
  const [row] = await tx
    .select(byTokenColumns)
    .from(invitations)
    .innerJoin(schools, eq(schools.id, invitations.schoolId))
    .innerJoin(profiles, sameSchool(profiles, invitations, eq(profiles.id, invitations.profileId)))
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));
  return row;
}

/** Marks the invitation used, once: of two acceptances at the same time only one gets the row back. */
export async function claimInvitation(tx: Tx, tokenHash: string, now = new Date()) {
  const [row] = await tx
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .returning();
  return row;
}

export async function setAcceptedUser(tx: Tx, schoolId: string, id: number, userId: number) {
  await forSchool(tx, schoolId).update(invitations, { acceptedUserId: userId }).where(eq(invitations.id, id));
}

export const linksOfInvitation = (tx: Tx, schoolId: string, invitationId: number) =>
  forSchool(tx, schoolId).select(invitationLinks).where(eq(invitationLinks.invitationId, invitationId));
