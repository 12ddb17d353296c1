import { foldName } from "@convive/domain";
import { and, desc, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidents } from "../../db/schema/index.ts";
import { type Redactor, redactorOf } from "./redaction.ts";
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
  const reads = readsWords(redactor, words);
  const ids = rows.filter(reads).map((row) => row.id);
  return ids.length ? inArray(incidents.id, ids) : sql`false`;
}

/**
 * Of some incidents the family's walk found with the stored text index (a page's candidates), those whose text as
 * the family reads it holds every word — or that are about one of `named` (their children found by name).
 */
export async function familyReads(
  db: Tx,
  scope: Extract<Scope, { kind: "family" }>,
  ids: readonly number[],
  words: readonly string[],
  named: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const [rows, redactor] = await Promise.all([
    db
      .select({ id: incidents.id, detail: incidents.detail, place: incidents.place, studentIds: incidents.studentIds })
      .from(incidents)
      .where(and(...scopeConditions(scope), inArray(incidents.id, [...ids]))),
    redactorOf(db, scope),
  ]);
  const reads = readsWords(redactor, words);
  const kept = rows.filter((row) => row.studentIds.some((id) => named.includes(id)) || (words.length && reads(row)));
  return new Set(kept.map((row) => row.id));
}

/** Whether an incident's detail and place, as the family reads them, hold every word as a prefix. */
function readsWords(redactor: Redactor, words: readonly string[]) {
  const prefixes = words.map(foldName);
  return (row: { detail: string; place: string | null; studentIds: number[] }) => {
    const read = `${redactor.text(row.detail, row.studentIds)} ${redactor.maybe(row.place, row.studentIds) ?? ""}`;
    const tokens = foldName(read).split(/[^\p{L}\p{N}]+/u);
    return prefixes.every((p) => tokens.some((t) => t.startsWith(p)));
  };
}

/**
 * Incidents of one family that a search reads at most: far more than a family's children gather in their years
 * at school (beyond it, the oldest matches would be missing from the results).
 */
const FAMILY_SEARCH_CAP = 5000;
