// The SQL of a school's identity provider and of the sign-ins in flight. The sign-in routes run before any school
// context (as the connecting user); the configuration routes name their school, and every statement carries it.
import { and, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { memberships, providerSignIns, schools, signInProviders, users } from "../../db/schema/index.ts";

export type ProviderRow = typeof signInProviders.$inferSelect;
export type FlowRow = typeof providerSignIns.$inferSelect;

export async function findProvider(tx: Tx, schoolId: string): Promise<ProviderRow | undefined> {
  const [row] = await tx.select().from(signInProviders).where(eq(signInProviders.schoolId, schoolId));
  return row;
}

/** The school's provider when it is switched on and the school is active. */
export async function enabledProvider(tx: Tx, schoolId: string): Promise<ProviderRow | undefined> {
  const [row] = await tx
    .select({ provider: signInProviders })
    .from(signInProviders)
    .innerJoin(schools, eq(schools.id, signInProviders.schoolId))
    .where(and(eq(signInProviders.schoolId, schoolId), eq(signInProviders.enabled, true), eq(schools.isActive, true)));
  return row?.provider;
}

export const schoolExists = async (tx: Tx, schoolId: string) =>
  (await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId))).length > 0;

export async function upsertProvider(tx: Tx, values: typeof signInProviders.$inferInsert): Promise<ProviderRow> {
  const { schoolId: _school, ...changes } = values;
  const [row] = await tx
    .insert(signInProviders)
    .values(values)
    .onConflictDoUpdate({ target: signInProviders.schoolId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function deleteProvider(tx: Tx, schoolId: string): Promise<boolean> {
  const rows = await tx
    .delete(signInProviders)
    .where(eq(signInProviders.schoolId, schoolId))
    .returning({ id: signInProviders.schoolId });
  return rows.length > 0;
}

export async function insertFlow(tx: Tx, values: typeof providerSignIns.$inferInsert) {
  await tx.insert(providerSignIns).values(values);
}

/** Takes (deletes) the school's authorization request of this browser, if still live: each is used once. */
export async function takeRequest(tx: Tx, flowHash: string, schoolId: string): Promise<FlowRow | undefined> {
  const [row] = await tx
    .delete(providerSignIns)
    .where(
      and(
        eq(providerSignIns.flowHash, flowHash),
        eq(providerSignIns.schoolId, schoolId),
        isNull(providerSignIns.userId),
        gt(providerSignIns.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

/** Takes (deletes) the proven sign-in waiting for this browser's page, if still live. */
export async function takeProven(tx: Tx, flowHash: string, schoolId: string): Promise<FlowRow | undefined> {
  const [row] = await tx
    .delete(providerSignIns)
    .where(
      and(
        eq(providerSignIns.flowHash, flowHash),
        eq(providerSignIns.schoolId, schoolId),
        isNotNull(providerSignIns.userId),
        gt(providerSignIns.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

export async function deleteExpiredFlows(tx: Tx) {
  await tx.delete(providerSignIns).where(lt(providerSignIns.expiresAt, new Date()));
}

/**
 * The account with this e-mail and its membership of this school (never another's): null when either is missing.
 * A platform administrator is nobody's member through a provider.
 */
export async function memberByEmail(tx: Tx, schoolId: string, email: string) {
  const [row] = await tx
    .select({
      userId: users.id,
      userActive: users.isActive,
      root: users.root,
      memberActive: memberships.isActive,
      schoolActive: schools.isActive,
    })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.schoolId, schoolId)))
    .innerJoin(schools, eq(schools.id, memberships.schoolId))
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row && row.root !== 1 ? row : null;
}

/** The same, by the user's id (the member proven a moment ago, checked again as the session opens). */
export async function memberById(tx: Tx, schoolId: string, userId: number) {
  const [row] = await tx
    .select({ userActive: users.isActive, memberActive: memberships.isActive, schoolActive: schools.isActive })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.schoolId, schoolId)))
    .innerJoin(schools, eq(schools.id, memberships.schoolId))
    .where(eq(users.id, userId));
  return row;
}
