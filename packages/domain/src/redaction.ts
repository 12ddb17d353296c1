import type { Language } from "./constants.ts";
import { COMMON_WORDS, PARTICLES } from "./redaction.words.ts";

/**
 * Other children's names out of the free text a family reads (issue 9 item 8): the one rule the server applies
 * to everything it shows a family and the web uses to warn a teacher while they type.
 *
 * - **Which names.** Every student of the school by full name or first name + paternal surname ("strong" forms,
 *   at least two real words, so a lone "Andrea" is not taken for a student of another group); the incident's own
 *   students by any part that identifies them as well ("weak" forms: a given name or a surname alone, given name +
 *   maternal surname, both surnames). Never the reader's own children: a form that also names one of them is left
 *   as it is (the parents of Sofía García read "García" even when Andrea García is on the incident too).
 * - **Matching** ignores case and accents, and reads ñ as n (teachers type "Nunez" on keyboards without ñ); it is
 *   by whole words, a name's words separated only by spaces, hyphens, apostrophes or underscores (file names);
 *   the longest form wins.
 * - **Names that are common words** (Rosa, Paz, Luz, Blanca, Flores, Leal…, see redaction.words.ts) count only
 *   when written with a capital — at the start of a sentence too, where "Rosa empujó a…" is the commonest way a
 *   report begins; a sentence that starts with the word itself loses it, which the teacher sees in the preview.
 * - **Not caught:** nicknames and diminutives the school does not record ("Majo", "Andy", "Sofi"), misspellings
 *   beyond accents, and descriptions ("la niña de la banca de al lado").
 */

/** A student as the redaction knows them. */
export interface NamedStudent {
  id: number;
  firstName: string;
  paternalSurname: string;
  maternalSurname: string;
}

/** What replaces a hidden name, in the reader's language (the same words as the students list uses). */
export const OTHER_STUDENT: Record<Language, string> = { es: "Otro estudiante", en: "Another student" };

type Kind = "strong" | "weak";
interface Entry {
  tokens: string[];
  /** Only common words: taken for a name only when its first word is capitalised. */
  common: boolean;
  owners: Map<number, Kind>;
}

/**
 * The school's students by the first word of their given names — where every strong form starts — with the
 * entries of each such word worked out on first use, and the weak forms of each incident's students: building
 * it costs a pass over the names (a few milliseconds for thousands of students), the forms only what the texts
 * ask for.
 */
export interface NameIndex {
  readonly byFirstWord: ReadonlyMap<string, readonly NamedStudent[]>;
  readonly students: ReadonlyMap<number, NamedStudent>;
  /** Strong entries by first word, made on first use. */
  readonly strong: Map<string, readonly Entry[]>;
  /** Every form of a few students, by their sorted ids (one per incident read). */
  readonly local: Map<string, ReadonlyMap<string, readonly Entry[]>>;
}

export interface RedactionContext {
  /** The students of the incident the text belongs to: any part of their names is hidden. */
  incidentStudentIds?: Iterable<number>;
  /** The reader's own children: never hidden. */
  keepStudentIds?: Iterable<number>;
}

/** One name found in a text: where, as written, and whose name it is. */
export interface NameMatch {
  start: number;
  end: number;
  text: string;
  studentIds: number[];
}

/** Lower case, accents and ñ's tilde dropped: how names and text are compared. */
export const foldName = (value: string): string => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const FIRST_WORD = /[\p{L}\p{M}\p{N}]+/u;
/** What may stand between the words of one name: "Pérez-Gómez", "D'Angelo", "María   José", "andrea_lopez.jpg". */
const JOINER = /^[\s\-‐'’_]+$/u;

const words = (value: string) => Array.from(value.matchAll(WORD), (m) => foldName(m[0])).filter(Boolean);
const significant = (token: string) => token.length > 1 && !PARTICLES.has(token);

/** The forms a student may be named by, strong (school-wide) and weak (on their own incident). */
function formsOf(s: NamedStudent): { tokens: string[]; kind: Kind }[] {
  const g = words(s.firstName);
  const p = words(s.paternalSurname);
  const m = words(s.maternalSurname);
  const first = g.slice(0, 1);
  const forms: { tokens: string[]; kind: Kind }[] = [];
  const add = (kind: Kind, ...parts: string[][]) => forms.push({ tokens: parts.flat(), kind });
  add("strong", g, p, m);
  add("strong", g, p);
  add("strong", first, p, m);
  add("strong", first, p);
  add("weak", g, m);
  add("weak", first, m);
  add("weak", p, m);
  for (const part of [g, p, m]) add("weak", part);
  for (const token of [...g, ...p, ...m]) add("weak", [token]);
  for (const given of g) add("weak", [given], p);
  return forms.filter(({ tokens, kind }) => {
    const real = tokens.filter(significant).length;
    // A strong form is matched across the school: a single word would hide every namesake of every group.
    return tokens.length > 0 && real > 0 && (kind === "weak" || real >= 2) && significant(tokens[0]!);
  });
}

/** Entries of some forms by their first word, longest first. */
function indexForms(students: Iterable<NamedStudent>, kinds: ReadonlySet<Kind>): Map<string, Entry[]> {
  const byKey = new Map<string, Entry>();
  for (const s of students) {
    for (const { tokens, kind } of formsOf(s)) {
      if (!kinds.has(kind)) continue;
      const key = tokens.join(" ");
      let entry = byKey.get(key);
      if (!entry) {
        const common = tokens.every((t) => !significant(t) || COMMON_WORDS.has(t));
        entry = { tokens, common, owners: new Map() };
        byKey.set(key, entry);
      }
      if (entry.owners.get(s.id) !== "strong") entry.owners.set(s.id, kind);
    }
  }
  const byFirst = new Map<string, Entry[]>();
  for (const entry of byKey.values()) {
    const list = byFirst.get(entry.tokens[0]!) ?? [];
    list.push(entry);
    byFirst.set(entry.tokens[0]!, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return byFirst;
}

const STRONG: ReadonlySet<Kind> = new Set(["strong"]);
const ALL: ReadonlySet<Kind> = new Set(["strong", "weak"]);

/** Indexes the school's students once; the index then serves every text of the request. */
export function nameIndex(students: Iterable<NamedStudent>): NameIndex {
  const byId = new Map<number, NamedStudent>();
  const byFirstWord = new Map<string, NamedStudent[]>();
  for (const s of students) {
    byId.set(s.id, s);
    const first = s.firstName.match(FIRST_WORD);
    if (!first) continue;
    const key = foldName(first[0]);
    const list = byFirstWord.get(key) ?? [];
    list.push(s);
    byFirstWord.set(key, list);
  }
  return { byFirstWord, students: byId, strong: new Map(), local: new Map() };
}

/** The strong entries that start with `key`. */
function strongAt(index: NameIndex, key: string): readonly Entry[] {
  let entries = index.strong.get(key);
  if (!entries) {
    entries = indexForms(index.byFirstWord.get(key) ?? [], STRONG).get(key) ?? [];
    index.strong.set(key, entries);
  }
  return entries;
}

/** Every form of the incident's students and the reader's children (cached on the index per set of ids). */
function localIndex(index: NameIndex, ids: ReadonlySet<number>): ReadonlyMap<string, readonly Entry[]> {
  const key = [...ids].sort((a, b) => a - b).join(",");
  let local = index.local.get(key);
  if (!local) {
    const students = [...ids].flatMap((id) => index.students.get(id) ?? []);
    local = indexForms(students, ALL);
    index.local.set(key, local);
  }
  return local;
}

interface Token {
  start: number;
  end: number;
  key: string;
  capital: boolean;
}

function tokenize(text: string): Token[] {
  return Array.from(text.matchAll(WORD), (m) => {
    const first = m[0][0]!;
    return {
      start: m.index,
      end: m.index + m[0].length,
      key: foldName(m[0]),
      capital: first !== first.toLowerCase(),
    };
  });
}

/** Whether `entry` is written at `tokens[i]…` as one name. */
function matchesAt(text: string, tokens: readonly Token[], i: number, entry: Entry): boolean {
  if (i + entry.tokens.length > tokens.length) return false;
  if (entry.common && !tokens[i]!.capital) return false;
  for (let k = 0; k < entry.tokens.length; k++) {
    if (tokens[i + k]!.key !== entry.tokens[k]) return false;
    if (k > 0 && !JOINER.test(text.slice(tokens[i + k - 1]!.end, tokens[i + k]!.start))) return false;
  }
  return true;
}

/**
 * The names a reader must not see in `text`, in order. Where several forms start at the same word the longest
 * written one decides: the reader's own child's name is skipped whole, another student's is reported whole.
 */
export function findStudentNames(text: string, index: NameIndex, context: RedactionContext = {}): NameMatch[] {
  const incident = new Set(context.incidentStudentIds ?? []);
  const keep = new Set(context.keepStudentIds ?? []);
  const local = localIndex(index, new Set([...incident, ...keep]));
  const tokens = tokenize(text);
  const found: NameMatch[] = [];
  let i = 0;
  while (i < tokens.length) {
    let next = i + 1;
    const key = tokens[i]!.key;
    const near = local.get(key) ?? [];
    const far = strongAt(index, key);
    const candidates = near.length === 0 ? far : [...near, ...far].sort((a, b) => b.tokens.length - a.tokens.length);
    for (const entry of candidates) {
      if (!matchesAt(text, tokens, i, entry)) continue;
      const last = tokens[i + entry.tokens.length - 1]!;
      if ([...entry.owners.keys()].some((id) => keep.has(id))) {
        next = i + entry.tokens.length;
        break;
      }
      const hidden = [...entry.owners].filter(([id, kind]) => kind === "strong" || incident.has(id));
      if (hidden.length === 0) continue;
      const start = tokens[i]!.start;
      found.push({ start, end: last.end, text: text.slice(start, last.end), studentIds: hidden.map(([id]) => id) });
      next = i + entry.tokens.length;
      break;
    }
    i = next;
  }
  return found;
}

/** `text` with every name `findStudentNames` finds replaced by `replacement` ("Otro estudiante"). */
export function redactStudentNames(
  text: string,
  index: NameIndex,
  context: RedactionContext & { replacement: string },
): string {
  const found = findStudentNames(text, index, context);
  if (found.length === 0) return text;
  let out = "";
  let at = 0;
  for (const match of found) {
    out += text.slice(at, match.start) + context.replacement;
    at = match.end;
  }
  return out + text.slice(at);
}
