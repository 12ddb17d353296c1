import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/** One import per school at a time, so two commits cannot both pass the same uniqueness checks. */
export async function lockImports(tx: Tx, schoolId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`imports:${schoolId}`}, 0))`);
}
