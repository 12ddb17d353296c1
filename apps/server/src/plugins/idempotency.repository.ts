import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema/index.ts";

/** A key as a person sent it in a school: keys never meet across schools or people. */
export interface KeyScope {
  schoolId: string;
  userId: number;
  key: string;
}

/** The answer the first request gave, replayed to every repeat. */
export interface StoredAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A claim that nobody answered for this long is taken to be a request that died (its instance stopped). */
export const STALE_CLAIM_SECONDS = 120;

const where = (s: KeyScope) =>
  and(eq(idempotencyKeys.schoolId, s.schoolId), eq(idempotencyKeys.userId, s.userId), eq(idempotencyKeys.key, s.key));

/**
 * Claims the key for this request in one statement: a new key, an expired one or a claim gone stale is (re)taken;
 * a live one is left alone and the claim fails. The primary key makes two concurrent claims of one key meet here,
 * whichever instances they run on.
 */
export async function claimKey(db: Db, scope: KeyScope, fingerprint: string, ttlHours: number): Promise<boolean> {
  const k = idempotencyKeys;
  const expiresAt = sql`now() + make_interval(hours => ${ttlHours}::int)`;
  const rows = await db
    .insert(k)
    .values({ ...scope, fingerprint, expiresAt })
    .onConflictDoUpdate({
      target: [k.schoolId, k.userId, k.key],
      set: { fingerprint, status: null, contentType: null, body: null, createdAt: sql`now()`, expiresAt },
      setWhere: sql`${k.expiresAt} <= now() or (${k.status} is null and ${k.createdAt} < now() - make_interval(secs => ${STALE_CLAIM_SECONDS}::int))`,
    })
    .returning({ key: k.key });
  return rows.length === 1;
}

/** The key's row as it stands: another request's claim or answer. */
export async function findKey(db: Db, scope: KeyScope) {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      contentType: idempotencyKeys.contentType,
      body: idempotencyKeys.body,
      live: sql<boolean>`${idempotencyKeys.expiresAt} > now()`,
    })
    .from(idempotencyKeys)
    .where(where(scope));
  return row;
}

/** Keeps the first request's answer for its repeats. */
export async function saveAnswer(db: Db, scope: KeyScope, fingerprint: string, answer: StoredAnswer) {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, contentType: answer.contentType, body: answer.body })
    .where(and(where(scope), eq(idempotencyKeys.fingerprint, fingerprint), isNull(idempotencyKeys.status)));
}

/** Frees the key after a failure, so that a retry runs again instead of replaying the error. */
export async function releaseKey(db: Db, scope: KeyScope, fingerprint: string) {
  await db
    .delete(idempotencyKeys)
    .where(and(where(scope), eq(idempotencyKeys.fingerprint, fingerprint), isNull(idempotencyKeys.status)));
}

/** Deletes expired keys of every school (claims already ignore them; this only gives the space back). */
export async function purgeExpired(db: Db) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
}
