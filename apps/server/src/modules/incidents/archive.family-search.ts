import { foldName } from "@convive/domain";
import { and, desc, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidents } from "../../db/schema/index.ts";
import { redactorOf } from "./redaction.ts";
import { type Scope, scopeConditions } from "./scope.ts";

/**
 * A family searches what they read, not what was written: a word that is only another student's name (hidden
 * from them as "Otro estudiante") must not find the incident. Redacting can only take words away, so the
 * incidents whose redacted detail or place holds every word are among those the original text index finds; the
 * family's few such incidents (their own children's) are read and checked with the same redactor the details
 * use, with the names as they are now. Staff searches are left as they were: one condition on the index.
 */
export async function familyTextMatch(
  db: Tx,
  scope: Extract<Scope, { kind: "family" }>,
  inText: SQL,
  words: readonly string[],
): Promise<SQL | undefined> {
  const [rows, redactor] = await Promise.all([
    db
      .select({ id: incidents.id, detail: incidents.detail, place: incidents.place, studentIds: incidents.studentIds })
      .from(incidents)
      .where(and(...scopeConditions(scope), inText))
      .orderBy(desc(incidents.occurredAt))
      .limit(FAMILY_SEARCH_CAP),
    redactorOf(db, scope),
  ]);
  const prefixes = words.map(foldName);
  const ids = rows
    .filter((row) => {
      const read = `${redactor.text(row.detail, row.studentIds)} ${redactor.maybe(row.place, row.studentIds) ?? ""}`;
      const tokens = foldName(read).split(/[^\p{L}\p{N}]+/u);
      return prefixes.every((p) => tokens.some((t) => t.startsWith(p)));
    })
    .map((row) => row.id);
  return ids.length ? inArray(incidents.id, ids) : sql`false`;
}

/**
 * Incidents of one family that a search reads at most: far more than a family's children gather in their years
 * at school (beyond it, the oldest matches would be missing from the results).
 */
const FAMILY_SEARCH_CAP = 5000;
