import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { invitationLinks, invitations, memberships, profiles, students, users } from "../../db/schema/index.ts";
import { alphabetical, likeTerm, searchableName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;
export type NewInvitationLink = typeof invitationLinks.$inferInsert;

const FAMILIAR = "familiar";
const lowerEmail = (email: string) => email.trim().toLowerCase();
/** Addresses per statement: far below PostgreSQL's 65 535 parameters. */
const PER_QUERY = 5_000;

function emailParts(emails: readonly string[]): string[][] {
  const unique = [...new Set(emails.map(lowerEmail))];
  const parts: string[][] = [];
  for (let i = 0; i < unique.length; i += PER_QUERY) parts.push(unique.slice(i, i + PER_QUERY));
  return parts;
}

export async function insertInvitations(tx: Tx, rows: readonly NewInvitation[]): Promise<InvitationRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(invitations)
    .values([...rows])
    .returning();
}

export async function insertInvitationLinks(tx: Tx, rows: readonly NewInvitationLink[]) {
  if (rows.length > 0) await tx.insert(invitationLinks).values([...rows]);
}

/** The school's open (not yet accepted) invitation of each given address, expired or not, by lower-case e-mail. */
export async function openInvitationsFor(tx: Tx, schoolId: string, emails: readonly string[]) {
  const found = new Map<string, InvitationRow & { profileTemplate: string | null }>();
  for (const part of emailParts(emails)) {
    const rows = await tx
      .select({ invitation: invitations, profileTemplate: profiles.templateKey })
      .from(invitations)
      .innerJoin(profiles, sameSchool(profiles, invitations, eq(profiles.id, invitations.profileId)))
      .where(
        ofSchool(
          invitations,
          schoolId,
          isNull(invitations.acceptedAt),
          inArray(sql`lower(${invitations.email})`, part),
        ),
      );
    for (const r of rows) {
      found.set(r.invitation.email.toLowerCase(), { ...r.invitation, profileTemplate: r.profileTemplate });
    }
  }
  return found;
}

/** The school's members among the given addresses, with their profile's template (null: the school's own profile). */
export async function membersByEmail(tx: Tx, schoolId: string, emails: readonly string[]) {
  const found = new Map<string, { userId: number; template: string | null }>();
  for (const part of emailParts(emails)) {
    const rows = await tx
      .select({ userId: users.id, email: sql<string>`lower(${users.email})`, template: profiles.templateKey })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
      .where(ofSchool(memberships, schoolId, inArray(sql`lower(${users.email})`, part)));
    for (const r of rows) found.set(r.email, { userId: r.userId, template: r.template });
  }
  return found;
}

/** Students already waiting on each given invitation, as "invitationId|studentId". */
export async function invitedLinksAmong(tx: Tx, schoolId: string, invitationIds: readonly number[]) {
  const found = new Set<string>();
  const ids = [...new Set(invitationIds)];
  for (let i = 0; i < ids.length; i += PER_QUERY) {
    const rows = await forSchool(tx, schoolId)
      .pick(invitationLinks, { i: invitationLinks.invitationId, s: invitationLinks.studentId })
      .where(inArray(invitationLinks.invitationId, ids.slice(i, i + PER_QUERY)));
    for (const r of rows) found.add(`${r.i}|${r.s}`);
  }
  return found;
}

/** A new single-use token for an invitation: the old link stops working, the clock restarts. */
export async function renewInvitation(
  tx: Tx,
  schoolId: string,
  id: number,
  values: { tokenHash: string; expiresAt: Date },
) {
  const [row] = await forSchool(tx, schoolId)
    .update(invitations, { ...values, sentAt: new Date() })
    .where(eq(invitations.id, id), isNull(invitations.acceptedAt))
    .returning();
  return row;
}

export async function deleteInvitation(tx: Tx, schoolId: string, id: number): Promise<boolean> {
  const rows = await forSchool(tx, schoolId)
    .delete(invitations)
    .where(eq(invitations.id, id), isNull(invitations.acceptedAt))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function deleteInvitationLink(tx: Tx, schoolId: string, invitationId: number, studentId: number) {
  const rows = await forSchool(tx, schoolId)
    .delete(invitationLinks)
    .where(eq(invitationLinks.invitationId, invitationId), eq(invitationLinks.studentId, studentId))
    .returning({ id: invitationLinks.invitationId });
  return rows.length > 0;
}

export async function countInvitationLinks(tx: Tx, schoolId: string, invitationId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(invitationLinks, { n: count() })
    .where(eq(invitationLinks.invitationId, invitationId));
  return row?.n ?? 0;
}

const listColumns = {
  invitation: invitations,
  profileName: profiles.name,
  profileNameEn: profiles.nameEn,
  profileTemplate: profiles.templateKey,
};
export type ListedInvitation = {
  invitation: InvitationRow;
  profileName: string;
  profileNameEn: string | null;
  profileTemplate: string | null;
};

const listed = (tx: Tx) =>
  tx
    .select(listColumns)
    .from(invitations)
    .innerJoin(profiles, sameSchool(profiles, invitations, eq(profiles.id, invitations.profileId)));

export interface InvitationFilter {
  search?: string;
  scope: "all" | "staff" | "family";
  limit: number;
  offset: number;
}

/** One page of the school's open invitations, newest first, with the total for the pager. */
export async function listInvitations(tx: Tx, schoolId: string, filter: InvitationFilter) {
  const term = filter.search ? likeTerm(filter.search) : null;
  const conditions: (SQL | undefined)[] = [
    ofSchool(invitations, schoolId),
    isNull(invitations.acceptedAt),
    term ? or(ilike(invitations.email, term), ilike(searchableName(invitations), term)) : undefined,
    filter.scope === "family" ? eq(profiles.templateKey, FAMILIAR) : undefined,
    filter.scope === "staff" ? or(isNull(profiles.templateKey), ne(profiles.templateKey, FAMILIAR)) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    listed(tx)
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(filter.limit)
      .offset(filter.offset),
    tx
      .select({ n: count() })
      .from(invitations)
      .innerJoin(profiles, sameSchool(profiles, invitations, eq(profiles.id, invitations.profileId)))
      .where(where),
  ]);
  return { rows: rows as ListedInvitation[], total: total?.n ?? 0 };
}

export async function findInvitation(tx: Tx, schoolId: string, id: number): Promise<ListedInvitation | undefined> {
  const [row] = await listed(tx).where(
    ofSchool(invitations, schoolId, eq(invitations.id, id), isNull(invitations.acceptedAt)),
  );
  return row;
}

/** The open invitations that will link a given student. */
export const invitationsForStudent = async (tx: Tx, schoolId: string, studentId: number) =>
  (await listed(tx)
    .innerJoin(
      invitationLinks,
      sameSchool(invitationLinks, invitations, eq(invitationLinks.invitationId, invitations.id)),
    )
    .where(ofSchool(invitations, schoolId, eq(invitationLinks.studentId, studentId), isNull(invitations.acceptedAt)))
    .orderBy(asc(invitations.createdAt))) as ListedInvitation[];

/** The students each given invitation will link. */
export const studentsOfInvitations = (tx: Tx, schoolId: string, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          invitationId: invitationLinks.invitationId,
          id: students.id,
          enrollment: students.enrollment,
          first_name: students.firstName,
          paternal_surname: students.paternalSurname,
          maternal_surname: students.maternalSurname,
          relationship: invitationLinks.relationship,
          can_pick_up: invitationLinks.canPickUp,
          is_emergency_contact: invitationLinks.isEmergencyContact,
        })
        .from(invitationLinks)
        .innerJoin(students, sameSchool(students, invitationLinks, eq(students.id, invitationLinks.studentId)))
        .where(ofSchool(invitationLinks, schoolId, inArray(invitationLinks.invitationId, [...ids])))
        .orderBy(asc(alphabetical(students.paternalSurname)), asc(alphabetical(students.firstName)));
