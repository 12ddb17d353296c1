import {
  type Language,
  type NamedStudent,
  type NameIndex,
  nameIndex,
  OTHER_STUDENT,
  redactStudentNames,
} from "@convive/domain";
import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { familyLinks, incidents, students } from "../db/schema/index.ts";
import { collectIncidents, walkPayload } from "./family-payload.ts";
import { idsKey, store, textsFor } from "./family-text-cache.ts";
import { forSchool } from "./tenant-db.ts";

/**
 * What a family reads (issue 24 §1; docs/architecture.md "What a family reads"): the ONE path every text made for
 * a family reader passes, so that a module cannot forget it.
 *
 * - **JSON** answers to a family member pass `familyPayload` in one `preSerialization` hook
 *   (plugins/family-redaction.ts): every string of the payload, whatever module made it, with other students'
 *   names replaced by "Otro estudiante" / "Another student". A module does nothing for its JSON.
 * - **Everything else made for a family** — a PDF or XLSX (rendered in workers from data: the data is passed
 *   through `familyPayload` before), an e-mail or an in-app notification to a family member — calls the same
 *   `familyPayload`/`text` at the place where it is made, with a reader from `familyReaderOfUser` (a signed-in
 *   family member: their children are kept) or `familyReader` (a document that goes home for given students, e.g.
 *   a group's printed scorecards, each page keeping its own student).
 * - **Incident context.** Within an object that names an incident (`incident_id`, or an incident's own `id` with
 *   its `folio`), the incident's students are hidden by any part of their names, not only by full name.
 * - The matching rule is the domain's `redactStudentNames`; the reader's own children are never hidden.
 */
export interface FamilyReader {
  readonly schoolId: string;
  /** The students whose names this reader keeps (a family member's children). */
  readonly keepStudentIds: readonly number[];
  readonly language: Language;
  /** `value` as the family may read it; `incidentStudentIds`: the students of the incident it is about. */
  text(value: string, incidentStudentIds?: readonly number[]): string;
  /** The same for an optional field. */
  maybe(value: string | null, incidentStudentIds?: readonly number[]): string | null;
}

/**
 * The schools' name indexes, kept between requests so that the forms the matcher works out on first use stay
 * made. Each use checks the school's names first (a digest computed by the database, 32 bytes on the wire): a
 * student added, renamed or removed a moment ago is in the very next index — never a stale one.
 */
const indexes = new Map<string, { version: string; index: NameIndex }>();
const MAX_SCHOOLS = 200;
/** The per-incident forms an index keeps (one entry per set of incident students read); past this, made anew. */
const MAX_LOCAL_FORMS = 5_000;

/**
 * The school's names as one digest computed by the database (count and md5, a few dozen bytes on the wire).
 * Raw SQL: it is a scalar subquery shared by the two statements below, each one round trip.
 */
const namesDigest = (schoolId: string) => sql`(select count(*)::text || ':' || coalesce(md5(string_agg(
    s.id || '|' || s.first_name || '|' || s.paternal_surname || '|' || s.maternal_surname, ',' order by s.id)), '')
  from students s where s.school_id = ${schoolId})`;

const firstRow = async <T>(db: Tx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

/** The index of a school's names at `version`: the kept one when the names have not changed, else loaded anew. */
async function indexAt(db: Tx, schoolId: string, version: string): Promise<NameIndex> {
  const known = indexes.get(schoolId);
  if (known && known.version === version) {
    if (known.index.local.size > MAX_LOCAL_FORMS) known.index.local.clear();
    return known.index;
  }
  const s = students;
  const rows: NamedStudent[] = await forSchool(db, schoolId)
    .pick(s, {
      id: s.id,
      firstName: s.firstName,
      paternalSurname: s.paternalSurname,
      maternalSurname: s.maternalSurname,
    })
    .where();
  const index = nameIndex(rows);
  indexes.delete(schoolId);
  if (indexes.size >= MAX_SCHOOLS) indexes.delete(indexes.keys().next().value!);
  indexes.set(schoolId, { version, index });
  return index;
}

/** Every student of the school on record (active, withdrawn or graduated: a child's name is private either way). */
export async function schoolNameIndex(db: Tx, schoolId: string): Promise<NameIndex> {
  const { version } = await firstRow<{ version: string }>(db, sql`select ${namesDigest(schoolId)} as version`);
  return indexAt(db, schoolId, version);
}

/** The students a user is a family member of in a school (none for staff). */
export async function childrenOf(db: Tx, schoolId: string, userId: number): Promise<number[]> {
  const rows = await forSchool(db, schoolId)
    .pick(familyLinks, { id: familyLinks.studentId })
    .where(eq(familyLinks.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const TWO_LETTERS = /\p{L}\p{M}*\p{L}/u;
const NO_CONTEXT: readonly number[] = [];

/** A reader for text that goes to the families of `keepStudentIds` (their names stay, everyone else's go). */
export function familyReader(
  index: NameIndex,
  options: { schoolId: string; keepStudentIds: readonly number[]; language: Language },
): FamilyReader {
  const { keepStudentIds, language } = options;
  const readerKey = `${language}|${idsKey(keepStudentIds)}`;
  const contexts = new Map<readonly number[], Map<string, string>>();
  const text = (value: string, incidentStudentIds: readonly number[] = NO_CONTEXT) => {
    // Strings without two letters in a row (ids as text, dates, codes) cannot hold a name: skipped cheaply.
    if (!TWO_LETTERS.test(value)) return value;
    // The same texts are read again on the family's next screens: kept while the school's names stay the same.
    let texts = contexts.get(incidentStudentIds);
    if (!texts) {
      texts = textsFor(index, readerKey, incidentStudentIds);
      contexts.set(incidentStudentIds, texts);
    }
    let out = texts.get(value);
    if (out === undefined) {
      out = redactStudentNames(value, index, {
        incidentStudentIds,
        keepStudentIds,
        replacement: OTHER_STUDENT[language],
      });
      store(texts, value, out);
    }
    return out;
  };
  return {
    schoolId: options.schoolId,
    keepStudentIds,
    language,
    text,
    maybe: (value, ids) => (value === null ? null : text(value, ids)),
  };
}

/** The reader of a signed-in family member: their own children kept, the school's names loaded once. */
export async function familyReaderOfUser(
  db: Tx,
  schoolId: string,
  userId: number,
  language: Language,
  childIds?: readonly number[],
): Promise<FamilyReader> {
  if (childIds)
    return familyReader(await schoolNameIndex(db, schoolId), { schoolId, keepStudentIds: childIds, language });
  // The names' digest and the children in one round trip: this runs on every answer to a family.
  const row = await firstRow<{ version: string; children: number[] | null }>(
    db,
    sql`select ${namesDigest(schoolId)} as version, (select array_agg(l.student_id order by l.student_id)
      from family_links l where l.school_id = ${schoolId} and l.user_id = ${userId}) as children`,
  );
  const index = await indexAt(db, schoolId, row.version);
  return familyReader(index, { schoolId, keepStudentIds: (row.children ?? []).map(Number), language });
}

/**
 * `payload` as the family may read it: a copy with every string passed through the reader, within the incident
 * context of the nearest object that names an incident (one query for all of them). Numbers, booleans, dates and
 * buffers are left as they are; keys are not text and are kept.
 */
export async function familyPayload<T>(db: Tx, reader: FamilyReader, payload: T): Promise<T> {
  const ids = new Set<number>();
  collectIncidents(payload, ids);
  const studentsOf = new Map<number, readonly number[]>();
  if (ids.size > 0) {
    const rows = await forSchool(db, reader.schoolId)
      .pick(incidents, { id: incidents.id, studentIds: incidents.studentIds })
      .where(inArray(incidents.id, [...ids]));
    for (const r of rows) studentsOf.set(r.id, r.studentIds);
  }
  return walkPayload(reader.text, payload, studentsOf);
}

/**
 * What the JSON hook does for every answer to a family member: the names' digest, the reader's children and the
 * payload's incidents' students in one round trip, then the walk (the path's cost is that statement and a walk
 * that reads each distinct string once).
 */
export async function familyAnswer<T>(
  db: Tx,
  who: { schoolId: string; userId: number; language: Language },
  payload: T,
): Promise<T> {
  const { schoolId, userId, language } = who;
  const ids = new Set<number>();
  collectIncidents(payload, ids);
  const list = `{${[...ids].map(Number).join(",")}}`;
  const row = await firstRow<{ version: string; children: number[] | null; incidents: [number, number[]][] | null }>(
    db,
    sql`select ${namesDigest(schoolId)} as version,
      (select array_agg(l.student_id order by l.student_id) from family_links l
        where l.school_id = ${schoolId} and l.user_id = ${userId}) as children,
      (select json_agg(json_build_array(i.id, i.student_ids)) from incidents i
        where i.school_id = ${schoolId} and i.id = any(${list}::integer[])) as incidents`,
  );
  const index = await indexAt(db, schoolId, row.version);
  const reader = familyReader(index, { schoolId, keepStudentIds: (row.children ?? []).map(Number), language });
  return walkPayload(reader.text, payload, new Map(row.incidents ?? []));
}

/**
 * The readers of some recipients of an e-mail or a notification made outside a request: a family member's reader
 * (their children kept), null for a user who is no one's family. The school's names are loaded once for all.
 */
export async function familyReadersOf(
  db: Tx,
  schoolId: string,
  userIds: readonly number[],
): Promise<(userId: number, language: Language) => FamilyReader | null> {
  const links =
    userIds.length === 0
      ? []
      : await forSchool(db, schoolId)
          .pick(familyLinks, { userId: familyLinks.userId, studentId: familyLinks.studentId })
          .where(inArray(familyLinks.userId, [...new Set(userIds)]));
  if (links.length === 0) return () => null;
  const childrenBy = new Map<number, number[]>();
  for (const l of links) childrenBy.set(l.userId, [...(childrenBy.get(l.userId) ?? []), l.studentId]);
  const index = await schoolNameIndex(db, schoolId);
  return (userId, language) => {
    const keepStudentIds = childrenBy.get(userId);
    return keepStudentIds ? familyReader(index, { schoolId, keepStudentIds, language }) : null;
  };
}
