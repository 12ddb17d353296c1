import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(tx: Tx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await tx.insert(sessions).values(values).returning();
  return row!;
}

/**
 * Everything a request needs to be authorised, in one round trip: the live session, its user and,
 * when a school is named, the membership, profile and permissions in that school.
 */
export interface RequestIdentity {
  sessionId: string;
  accessExpiresAt: Date;
  lastUsedAt: Date;
  userId: number;
  root: number;
  passwordUpdated: number;
  userActive: boolean;
  language: string;
  /** Present when a school was named and exists. */
  school: null | {
    id: string;
    isActive: boolean;
    /** Null when the user is not a member of it. */
    member: null | {
      isActive: boolean;
      profileId: number | null;
      profileName: string | null;
      grants: string[];
    };
  };
}

export async function findIdentity(
  tx: Tx,
  accessHash: string,
  schoolId: string | null,
): Promise<RequestIdentity | null> {
  // Platform-level, not tenant data: resolves the session before (and whatever) the school is; one round trip.
  const result = await tx.execute(sql`
    select s.id as session_id, s.access_expires_at, s.last_used_at,
           u.id as user_id, u.root, u.password_updated, u.is_active as user_active, u.language,
           sc.id as school_id, sc.is_active as school_active,
           m.user_id as member_user_id, m.is_active as member_active, m.profile_id, p.name as profile_name,
           coalesce((select array_agg(pp.permission) from profile_permissions pp
                     where pp.school_id = m.school_id and pp.profile_id = m.profile_id), '{}') as grants
      from sessions s
      join users u on u.id = s.user_id
      left join schools sc on sc.id = ${schoolId}
      left join memberships m on m.school_id = sc.id and m.user_id = u.id
      left join profiles p on p.school_id = m.school_id and p.id = m.profile_id
     where s.access_hash = ${accessHash} and s.revoked_at is null`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return null;
  return {
    sessionId: row.session_id as string,
    accessExpiresAt: new Date(row.access_expires_at as string),
    lastUsedAt: new Date(row.last_used_at as string),
    userId: Number(row.user_id),
    root: Number(row.root),
    passwordUpdated: Number(row.password_updated),
    userActive: Boolean(row.user_active),
    language: row.language as string,
    school: row.school_id
      ? {
          id: row.school_id as string,
          isActive: Boolean(row.school_active),
          member: row.member_user_id
            ? {
                isActive: Boolean(row.member_active),
                profileId: row.profile_id === null ? null : Number(row.profile_id),
                profileName: (row.profile_name as string | null) ?? null,
                grants: (row.grants as string[]) ?? [],
              }
            : null,
        }
      : null,
  };
}

export const touchSession = (tx: Tx, id: string) =>
  tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, id));

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
