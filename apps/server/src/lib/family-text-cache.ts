import type { NameIndex } from "@convive/domain";

/**
 * Texts as a family reads them, kept between requests (issue 24 §1 "Speed": the redaction path adds ≤ 2 ms to a
 * family's heaviest screen). Families open the same screens again and again — the archive, their child's file,
 * an incident — and most of what the path costs is the names rule reading the same long texts; the answer for a
 * text depends only on the text, the school's name index, the incident's students, the reader's children and the
 * language, so it is kept under exactly those.
 *
 * - **Invalidation.** Kept per index object (a WeakMap): lib/family-reader.ts makes a new index the moment the
 *   school's names change (checked against the database's digest on every answer), so a student enrolled or
 *   renamed a moment ago meets no kept text — the old index's texts go with it.
 * - **Bounded** by the characters it holds (`MAX_UNITS`, both the text and its redacted form when they differ,
 *   plus a little per entry): past that it starts afresh, so a server holds at most a few dozen MB for it whatever
 *   the number of schools and families.
 */
const MAX_UNITS = 8_000_000;
/** What an entry costs beside its characters (the map's slot and key), in the same units. */
const ENTRY_UNITS = 32;

let byIndex = new WeakMap<NameIndex, Map<string, Map<string, string>>>();
let units = 0;

/** The key of a set of students: sorted ids (the rule reads them as a set), made once per array. */
const keys = new WeakMap<readonly number[], string>();
export function idsKey(ids: readonly number[]): string {
  if (ids.length === 0) return "";
  if (ids.length === 1) return String(ids[0]);
  let key = keys.get(ids);
  if (key === undefined) {
    key = [...ids].sort((a, b) => a - b).join(",");
    keys.set(ids, key);
  }
  return key;
}

/**
 * The texts kept for one reader of one index (their children and language) in one incident context: a map from
 * a text to how that reader reads it. `store` adds to it within the bound.
 */
export function textsFor(index: NameIndex, readerKey: string, incidentStudentIds: readonly number[]) {
  let contexts = byIndex.get(index);
  if (!contexts) {
    contexts = new Map();
    byIndex.set(index, contexts);
  }
  const key = `${readerKey}#${idsKey(incidentStudentIds)}`;
  let texts = contexts.get(key);
  if (!texts) {
    texts = new Map();
    contexts.set(key, texts);
  }
  return texts;
}

/** Keeps `out` as the reading of `value` in `texts` (from `textsFor`), unless the bound says start afresh. */
export function store(texts: Map<string, string>, value: string, out: string) {
  units += value.length + (out === value ? 0 : out.length) + ENTRY_UNITS;
  if (units > MAX_UNITS) {
    clearFamilyTexts();
    return;
  }
  texts.set(value, out);
}

/** Forgets every kept text (the bound's reset; the bench's first-read case). */
export function clearFamilyTexts() {
  byIndex = new WeakMap();
  units = 0;
}
