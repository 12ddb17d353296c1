// The access and realtime plugins authorise every request and socket with this one query; it lives beside them
// (plugins never import modules/), while the auth module keeps the session writes in sessions.repository.ts.
import { inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { sessions } from "../db/schema/index.ts";

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

export const touchSessions = (tx: Tx, ids: string[]) =>
  tx.update(sessions).set({ lastUsedAt: new Date() }).where(inArray(sessions.id, ids));
