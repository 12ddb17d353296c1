/**
 * The ways a student may be written in a text (redaction.ts), each a "form" of folded words — an initial as its
 * letter and a dot ("a.") — with the kind that says where it counts: "strong" forms across the school, "weak"
 * forms only for the incident's own students. The choice of forms is documented in redaction.ts.
 *
 * Made for speed: a name part's words are folded once per process (names repeat across requests and students),
 * and the strong forms are made only for the students whose name starts with a word a text holds.
 */
import { tokenize } from "./redaction.fold.ts";
import { COMMON_WORDS, PARTICLES } from "./redaction.words.ts";

/** A student as the redaction knows them. */
export interface NamedStudent {
  id: number;
  firstName: string;
  paternalSurname: string;
  maternalSurname: string;
}

export type Kind = "strong" | "weak";

/** One written form and the students it names. */
export interface Entry {
  tokens: string[];
  /** The gap before `tokens[commaAt]` may be a comma (surname-first: "Alvarado, Andrea"); -1: nowhere. */
  commaAt: number;
  /** Its whole words that can name someone (not particles, not initials). */
  words: number;
  /** Those words are all ordinary words too (redaction.words.ts): lower case, it may be just a phrase. */
  common: boolean;
  /** The students it names, and for each (same place) whether it names them school-wide or on their incident. */
  ids: number[];
  kinds: Kind[];
}

/** A form of one student, before forms written alike are merged into an Entry. */
export interface Form {
  tokens: string[];
  kind: Kind;
  commaAt: number;
  id: number;
}

export const isInitial = (token: string) => token.endsWith(".");
const significant = (token: string) => token.length > 1 && !PARTICLES.has(token) && !isInitial(token);

/** A name part folded: its words, its first word alone, and its initial ("de la Cruz" → "c."), each a list. */
interface Part {
  words: readonly string[];
  first: readonly string[];
  initial: readonly string[];
}
const folded = new Map<string, Part>();
/** A name part folded, remembered (bounded: the process meets a few thousand distinct parts, shared by all). */
function partOf(value: string): Part {
  let part = folded.get(value);
  if (!part) {
    if (folded.size >= 50_000) folded.clear();
    const words = tokenize(value).map((t) => t.key);
    const real = words.find(significant);
    part = { words, first: words.slice(0, 1), initial: real ? [`${real[0]}.`] : [] };
    folded.set(value, part);
  }
  return part;
}

type Parts = Record<"g" | "g1" | "gi" | "p" | "pi" | "m" | "mi", readonly string[]>;
/** A student with their name folded into parts, as the forms are made of. */
export interface Person {
  id: number;
  parts: Parts;
}
export function personOf(s: NamedStudent): Person {
  const g = partOf(s.firstName);
  const p = partOf(s.paternalSurname);
  const m = partOf(s.maternalSurname);
  const parts = { g: g.words, g1: g.first, gi: g.initial, p: p.words, pi: p.initial, m: m.words, mi: m.initial };
  return { id: s.id, parts };
}

/** A form: its parts, and the part a comma may come before (surname first). */
type Template = readonly [parts: readonly (keyof Parts)[], comma: number];
/** School-wide forms, by the part they start with. */
const STRONG: Record<"g" | "p" | "gi", readonly Template[]> = {
  // Given name first, as a name is said.
  g: [
    [["g", "p", "m"], -1],
    [["g", "p"], -1],
    [["g1", "p", "m"], -1],
    [["g1", "p"], -1],
    [["g", "p", "mi"], -1],
    [["g1", "p", "mi"], -1],
  ],
  // Surname first, as class lists are written ("Alvarado Jiménez Andrea", "Alvarado, Andrea").
  p: [
    [["p", "m", "g"], 2],
    [["p", "m", "g1"], 2],
    [["p", "g"], 1],
    [["p", "g1"], 1],
    [["p", "mi", "g1"], 2],
    [["p", "m", "gi"], 2],
  ],
  gi: [
    [["gi", "p", "m"], -1],
    [["gi", "p", "mi"], -1],
  ],
};
/** Forms that count on the student's own incident (besides each word of the name alone and each given + p). */
const WEAK: readonly Template[] = [
  [["g", "m"], -1],
  [["g1", "m"], -1],
  [["p", "m"], -1],
  [["g"], -1],
  [["p"], -1],
  [["m"], -1],
  [["g", "pi"], -1],
  [["g1", "pi"], -1],
  [["g1", "pi", "mi"], -1],
  [["gi", "p"], -1],
  [["p", "gi"], 1],
];

/** Adds the form of `template` to `into` if the person has every part of it and it can name them where it counts. */
function add(into: Form[], id: number, parts: Parts, kind: Kind, [names, comma]: Template) {
  const tokens: string[] = [];
  let commaAt = -1;
  for (let k = 0; k < names.length; k++) {
    const part = parts[names[k]!];
    if (part.length === 0) return;
    if (k === comma) commaAt = tokens.length;
    tokens.push(...part);
  }
  let words = 0;
  let initials = 0;
  for (const t of tokens) {
    if (significant(t)) words++;
    else if (isInitial(t)) initials++;
  }
  // A strong form is matched across the school: one word alone (or with one initial) would hide every namesake
  // of every group; a surname between two initials ("A. Alvarado J.") is as specific as two words.
  const ok =
    kind === "strong"
      ? words >= 2 || (words === 1 && initials >= 2)
      : words >= 1 && (significant(tokens[0]!) || isInitial(tokens[0]!));
  if (ok) into.push({ tokens, kind, commaAt, id });
}

/** The templates of a person's strong forms that start with the word `first`. */
function strongTemplates({ parts }: Person, first: string): readonly Template[] {
  const g = parts.g[0] === first;
  const p = parts.p[0] === first;
  const gi = parts.gi[0] === first;
  // Nearly always one of the three: a given name that is also the surname ("Martín Martín") makes two.
  if (g && !p && !gi) return STRONG.g;
  if (p && !g && !gi) return STRONG.p;
  if (gi && !g && !p) return STRONG.gi;
  return [...(g ? STRONG.g : []), ...(p ? STRONG.p : []), ...(gi ? STRONG.gi : [])];
}

/** The school-wide forms of a person that start with the word `first`. */
export function strongFormsOf(person: Person, first: string, into: Form[]) {
  for (const t of strongTemplates(person, first)) add(into, person.id, person.parts, "strong", t);
}

/**
 * Files a person under the second words of their strong forms that start with `first`, without making the
 * forms: a text's two words in a row are looked up there, so that forms are made only for the few they may name.
 */
export function fileBySecondWord(person: Person, first: string, into: Map<string, Person[]>) {
  for (const [[a, b]] of strongTemplates(person, first)) {
    const part = person.parts[a!];
    const second = part.length > 1 ? part[1] : b && person.parts[b][0];
    if (!second) continue;
    const people = into.get(second);
    if (!people) into.set(second, [person]);
    else if (people[people.length - 1] !== person) people.push(person);
  }
}

/** Every form of a person. */
export function allFormsOf({ id, parts }: Person, into: Form[]) {
  for (const t of [...STRONG.g, ...STRONG.p, ...STRONG.gi]) add(into, id, parts, "strong", t);
  for (const t of WEAK) add(into, id, parts, "weak", t);
  for (const token of [...parts.g, ...parts.p, ...parts.m])
    add(into, id, { ...parts, g: [token] }, "weak", [["g"], -1]);
  for (const given of parts.g) add(into, id, { ...parts, g: [given] }, "weak", [["g", "p"], -1]);
}

/** The first words of a person's strong forms: first given name, paternal surname, the given name's initial. */
export function firstWordsOf({ parts }: Person): string[] {
  const keys = [parts.g[0], parts.p[0], parts.gi[0]];
  return keys.filter((k, i): k is string => k !== undefined && keys.indexOf(k) === i);
}

/** `forms` merged by how they are written, grouped by the word at `position`, longest first within each group. */
export function entriesBy(forms: readonly Form[], position: number): Map<string, Entry[]> {
  const byKey = new Map<string, Entry>();
  for (const { tokens, kind, commaAt, id } of forms) {
    const key = `${tokens.join(" ")}|${commaAt}`;
    let entry = byKey.get(key);
    if (!entry) {
      const real = tokens.filter(significant);
      entry = {
        tokens,
        commaAt,
        words: real.length,
        common: real.every((t) => COMMON_WORDS.has(t)),
        ids: [],
        kinds: [],
      };
      byKey.set(key, entry);
    }
    const at = entry.ids.indexOf(id);
    if (at < 0) {
      entry.ids.push(id);
      entry.kinds.push(kind);
    } else if (kind === "strong") entry.kinds[at] = kind;
  }
  const groups = new Map<string, Entry[]>();
  for (const entry of byKey.values()) {
    const key = entry.tokens[position]!;
    const list = groups.get(key);
    if (list) list.push(entry);
    else groups.set(key, [entry]);
  }
  for (const list of groups.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return groups;
}
