import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.ts";

/** A signed-in tab of the realistic poll: its user and the bearer token of its session. */
export interface PollingUser {
  userId: number;
  token: string;
}

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * N teachers of the school, each with a live session, written straight into the database (signing 5 000 people
 * in through argon2 would take minutes and measure the wrong thing). Tokens are random, stored hashed, as sign-in
 * stores them.
 */
export async function seedPollingUsers(db: Db, schoolId: string, count: number): Promise<PollingUser[]> {
  const run = randomBytes(4).toString("hex");
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString("base64url"));
  const emails = tokens.map((_, i) => `poll-${run}-${i}@bench.test`);
  const profile = await db.execute(
    sql`select id from profiles where school_id = ${schoolId} and template_key = 'docente' limit 1`,
  );
  const profileId = ((profile as unknown as { rows: { id: number }[] }).rows[0] as { id: number }).id;
  const users = await db.execute(sql`
    insert into users (first_name, paternal_surname, email, password_hash, password_updated)
    select 'Docente', 'Bench ' || i, e, 'not-a-hash', 1 from jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb) with ordinality as u(e, i)
    returning id, email`);
  const inserted = (users as unknown as { rows: { id: number; email: string }[] }).rows;
  const idByEmail = new Map(inserted.map((r) => [r.email, r.id]));
  const ids = emails.map((e) => idByEmail.get(e)!);
  await db.execute(sql`
    insert into memberships (school_id, user_id, profile_id)
    select ${schoolId}, u::int, ${profileId} from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as u`);
  const rows = ids.map((u, i) => ({ u, a: hash(tokens[i] ?? ""), r: hash(`refresh-${tokens[i]}`) }));
  await db.execute(sql`
    insert into sessions (user_id, access_hash, refresh_hash, access_expires_at, refresh_expires_at)
    select u, a, r, now() + interval '1 day', now() + interval '30 days'
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(u int, a text, r text)`);
  return ids.map((userId, i) => ({ userId, token: tokens[i] ?? "" }));
}
