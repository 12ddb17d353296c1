import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(tx: Tx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await tx.insert(sessions).values(values).returning();
  return row!;
}

export async function findByRefreshHash(tx: Tx, refreshHash: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.refreshHash, refreshHash), isNull(sessions.revokedAt), gt(sessions.refreshExpiresAt, new Date())),
    );
  return row;
}

export async function rotateTokens(
  tx: Tx,
  id: string,
  values: Pick<SessionRow, "accessHash" | "refreshHash" | "accessExpiresAt" | "refreshExpiresAt">,
) {
  await tx
    .update(sessions)
    .set({ ...values, lastUsedAt: new Date() })
    .where(eq(sessions.id, id));
}

export const listActiveSessions = (tx: Tx, userId: number) =>
  tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.refreshExpiresAt, new Date())))
    .orderBy(desc(sessions.lastUsedAt));

/** Revokes one session of a user; returns false when it is not theirs or already ended. */
export async function revokeSession(tx: Tx, userId: number, id: string): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of a user, optionally keeping one (the caller's own). Returns the ended ids. */
export async function revokeAllSessions(tx: Tx, userId: number, exceptId?: string): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptId ? ne(sessions.id, exceptId) : undefined),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
