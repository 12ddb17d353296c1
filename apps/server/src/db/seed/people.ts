import type { Tx } from "../client.ts";
import { memberships, users } from "../schema/index.ts";
import { eachChunk, inChunks } from "./helpers.ts";

export interface SeedUser {
  email: string;
  firstName: string;
  paternalSurname: string;
  maternalSurname: string;
  cellPhone?: string;
  root?: 0 | 1;
  /** 1 unless the account must change its password at first sign-in. */
  passwordUpdated?: 0 | 1;
  language?: "es" | "en";
}

/** Inserts users that all share one password hash; returns their ids by (lower-case) e-mail. */
export async function insertUsers(tx: Tx, people: readonly SeedUser[], passwordHash: string) {
  const values = people.map((p) => ({
    email: p.email.toLowerCase(),
    firstName: p.firstName,
    paternalSurname: p.paternalSurname,
    maternalSurname: p.maternalSurname,
    cellPhone: p.cellPhone ?? null,
    passwordHash,
    root: p.root ?? 0,
    passwordUpdated: p.passwordUpdated ?? 1,
    language: p.language ?? "es",
  }));
  const inserted = await inChunks(values, (chunk) =>
    tx.insert(users).values(chunk).returning({ id: users.id, email: users.email }),
  );
  return new Map(inserted.map((u) => [u.email, u.id]));
}

export type SeedMembership = typeof memberships.$inferInsert;

export async function insertMemberships(tx: Tx, rows: readonly SeedMembership[]) {
  await eachChunk(rows, (chunk) => tx.insert(memberships).values(chunk));
}

/** The id of a user inserted earlier; a missing one is a bug in the seed itself. */
export function idOf(ids: ReadonlyMap<string, number>, email: string): number {
  const id = ids.get(email.toLowerCase());
  if (id === undefined) throw new Error(`demo seed: no user ${email}`);
  return id;
}
