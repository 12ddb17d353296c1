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
  /** The school whose identity provider opened the session (issue 32): it reaches no other. Null: the own sign-in. */
  sessionSchoolId: string | null;
  /** Present when a school was named and exists. */
  school: null | {
    id: string;
    isActive: boolean;
    /** False when the school's identity provider is on and the school turned the password sign-in off. */
    passwordSignIn: boolean;
    /** Null when the user is not a member of it. */
    member: null | {
      isActive: boolean;
      profileId: number | null;
      profileName: string | null;
      grants: string[];
    };
  };
}

/** A bearer token's hash and the school the request names (none: the user without a school). */
export interface IdentityKey {
  accessHash: string;
  schoolId: string | null;
}

/**
 * The identities of many keys in one statement, in the keys' order (null where the session is unknown or
 * revoked): a burst of handshakes — every phone reconnecting after a restart — costs a few statements, not one per
 * socket queued behind the pool.
 */
export async function findIdentities(tx: Tx, keys: readonly IdentityKey[]): Promise<(RequestIdentity | null)[]> {
  // One JSON parameter for the whole list (drizzle would spread an array into one parameter per element).
  const list = JSON.stringify(keys.map((k) => ({ h: k.accessHash, s: k.schoolId })));
  const result = await tx.execute(sql`
    select k.ord, s.id as session_id, s.access_expires_at, s.last_used_at,
           s.provider_school_id as session_school_id,
           u.id as user_id, u.root, u.password_updated, u.is_active as user_active, u.language,
           sc.id as school_id, sc.is_active as school_active, coalesce(sp.password_sign_in, true) as password_sign_in,
           m.user_id as member_user_id, m.is_active as member_active, m.profile_id, p.name as profile_name,
           coalesce((select array_agg(pp.permission) from profile_permissions pp
                     where pp.school_id = m.school_id and pp.profile_id = m.profile_id), '{}') as grants
      from jsonb_array_elements(${list}::jsonb) with ordinality as k(key, ord)
      join sessions s on s.access_hash = k.key->>'h' and s.revoked_at is null
      join users u on u.id = s.user_id
      left join schools sc on sc.id = k.key->>'s'
      left join sign_in_providers sp on sp.school_id = sc.id and sp.enabled
      left join memberships m on m.school_id = sc.id and m.user_id = u.id
      left join profiles p on p.school_id = m.school_id and p.id = m.profile_id`);
  const found: (RequestIdentity | null)[] = keys.map(() => null);
  for (const row of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
    found[Number(row.ord) - 1] = identityOf(row);
  }
  return found;
}

function identityOf(row: Record<string, unknown>): RequestIdentity {
  return {
    sessionId: row.session_id as string,
    accessExpiresAt: new Date(row.access_expires_at as string),
    lastUsedAt: new Date(row.last_used_at as string),
    userId: Number(row.user_id),
    root: Number(row.root),
    passwordUpdated: Number(row.password_updated),
    userActive: Boolean(row.user_active),
    language: row.language as string,
    sessionSchoolId: (row.session_school_id as string | null) ?? null,
    school: row.school_id
      ? {
          id: row.school_id as string,
          isActive: Boolean(row.school_active),
          passwordSignIn: Boolean(row.password_sign_in),
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
