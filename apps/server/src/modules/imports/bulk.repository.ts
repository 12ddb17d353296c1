import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { memberships, profiles, users } from "../../db/schema/index.ts";
import { chunks } from "./plan.ts";

/**
 * Imported accounts get no usable password: this is not an argon2 hash, so no password ever matches it.
 * Their owners choose one through "Forgot password?" (the reset link also marks password_updated).
 */
export const NO_PASSWORD = "!imported";

/** Accounts by lower-case e-mail. */
export async function usersByEmail(tx: Tx, emails: readonly string[]) {
  const found = new Map<string, { id: number; root: number }>();
  for (const part of chunks([...new Set(emails)], 5_000)) {
    const rows = await tx
      .select({ id: users.id, email: sql<string>`lower(${users.email})`, root: users.root })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, part));
    for (const r of rows) found.set(r.email, { id: r.id, root: r.root });
  }
  return found;
}

/** The profile template of each of the given users who is a member of the school (null: a school's own). */
export async function membershipsAmong(tx: Tx, schoolId: string, userIds: readonly number[]) {
  const found = new Map<number, string | null>();
  for (const part of chunks(userIds, 5_000)) {
    const rows = await tx
      .select({ userId: memberships.userId, template: profiles.templateKey })
      .from(memberships)
      .leftJoin(profiles, and(eq(profiles.schoolId, memberships.schoolId), eq(profiles.id, memberships.profileId)))
      .where(and(eq(memberships.schoolId, schoolId), inArray(memberships.userId, part)));
    for (const r of rows) found.set(r.userId, r.template);
  }
  return found;
}

export interface NewImportedUser {
  email: string;
  firstName: string;
  paternalSurname: string;
  maternalSurname: string;
  cellPhone: string | null;
}

/** Inserts accounts (no password yet, password_updated 0) and answers their ids by lower-case e-mail. */
export async function insertAccounts(tx: Tx, rows: readonly NewImportedUser[]) {
  const ids = new Map<string, number>();
  if (rows.length === 0) return ids;
  const inserted = await tx
    .insert(users)
    .values(rows.map((r) => ({ ...r, passwordHash: NO_PASSWORD, passwordUpdated: 0 })))
    .returning({ id: users.id, email: users.email });
  for (const r of inserted) ids.set(r.email.toLowerCase(), r.id);
  return ids;
}

export async function insertMemberships(
  tx: Tx,
  rows: readonly { schoolId: string; userId: number; profileId: number; trainerType?: string | null }[],
) {
  if (rows.length > 0) await tx.insert(memberships).values([...rows]);
}

/** One import per school at a time, so two commits cannot both pass the same uniqueness checks. */
export async function lockImports(tx: Tx, schoolId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`imports:${schoolId}`}, 0))`);
}
