/**
 * The index of a school's names that redaction.ts matches texts against. Built for the server's heaviest family
 * screen (hundreds of texts, thousands of students, ≤ 2 ms added): most words of a text pass a bit filter without
 * becoming strings, one map look-up per word that may be part of a name, forms made only for the names the texts
 * come near, and the whole kept for as long as the caller keeps the index.
 */
import { addToFilter, newWordFilter, type Token, type WordFilter } from "./redaction.fold.ts";
import {
  allFormsOf,
  type Entry,
  entriesBy,
  type Form,
  fileBySecondWord,
  firstWordsOf,
  type NamedStudent,
  type Person,
  personOf,
  strongFormsOf,
} from "./redaction.forms.ts";

/**
 * The school's students by each word a strong form of theirs starts with — their first given name, paternal
 * surname or given name's initial. Under each such word, made on its first use: the students by the second word
 * of those forms, and under a pair, on its first use, the forms themselves as a tree of their further words.
 * Beside it, every form of each incident's students. Building it costs a pass over the names (well under a
 * millisecond for thousands of students); the forms cost only what the texts ask for.
 */
export interface NameIndex {
  readonly students: ReadonlyMap<number, NamedStudent>;
  readonly people: ReadonlyMap<number, Person>;
  readonly starts: ReadonlyMap<string, Start>;
  /** Every word of every name (and each part's initial): a text's other words are no part of a name. */
  readonly filter: WordFilter;
  /** Every form of a few students by first word, by their sorted ids (one per incident read). */
  readonly local: Map<string, ReadonlyMap<string, readonly Entry[]>>;
}

interface Start {
  people: Person[];
  /** The people by the second word of their forms that start here. */
  bySecond?: Map<string, Person[]>;
  /** The forms of a pair of words, made on its first use. */
  trees?: Map<string, Node>;
}
/** Forms by their words after the first two: those that end here, and the words that go on. */
interface Node {
  ends: Entry[];
  next?: Map<string, Node>;
}

/** Incidents whose forms an index keeps before it starts afresh (an index may serve a school for long). */
const LOCAL_MAX = 1000;

/**
 * Indexes the school's students; the index then serves every text of the request, or of every request while the
 * school's names stay the same (the server keeps it: lib/family-reader.ts), the forms it made for earlier texts
 * with it.
 */
export function nameIndex(students: Iterable<NamedStudent>): NameIndex {
  const byId = new Map<number, NamedStudent>();
  const people = new Map<number, Person>();
  const starts = new Map<string, Start>();
  const filter = newWordFilter();
  for (const s of students) {
    byId.set(s.id, s);
    const person = personOf(s);
    people.set(s.id, person);
    const { g, p, m, gi, pi, mi } = person.parts;
    for (const part of [g, p, m, gi, pi, mi]) for (const word of part) addToFilter(filter, word);
    for (const word of firstWordsOf(person)) {
      const start = starts.get(word);
      if (start) start.people.push(person);
      else starts.set(word, { people: [person] });
    }
  }
  return { students: byId, people, starts, filter, local: new Map() };
}

function treeOf(entries: readonly Entry[]): Node {
  const root: Node = { ends: [] };
  for (const entry of entries) {
    let node = root;
    for (let k = 2; k < entry.tokens.length; k++) {
      node.next ??= new Map();
      let child = node.next.get(entry.tokens[k]!);
      if (!child) {
        child = { ends: [] };
        node.next.set(entry.tokens[k]!, child);
      }
      node = child;
    }
    node.ends.push(entry);
  }
  return root;
}

/** The strong entries whose words are written at `tokens[i]…` (gaps not checked yet), longest first. */
export function strongAt(index: NameIndex, tokens: readonly Token[], i: number): readonly Entry[] | undefined {
  const first = tokens[i]!.key;
  const start = index.starts.get(first);
  // A strong form has two words at least, written one after the other.
  if (!start || i + 1 >= tokens.length || !tokens[i + 1]!.joined) return undefined;
  if (!start.bySecond) {
    start.bySecond = new Map();
    for (const person of start.people) fileBySecondWord(person, first, start.bySecond);
  }
  const second = tokens[i + 1]!.key;
  // Most pairs of a text's words name nobody: one look-up says so.
  const people = start.bySecond.get(second);
  if (!people) return undefined;
  let tree = start.trees?.get(second);
  if (!tree) {
    const forms: Form[] = [];
    for (const person of people) strongFormsOf(person, first, forms);
    const entries = entriesBy(
      forms.filter((f) => f.tokens[1] === second),
      0,
    ).get(first);
    tree = treeOf(entries ?? []);
    start.trees ??= new Map();
    start.trees.set(second, tree);
  }
  if (!tree.next) return tree.ends;
  const found: Entry[] = [];
  let node: Node | undefined = tree;
  for (let j = i + 2; node; j++) {
    found.unshift(...node.ends);
    node = j < tokens.length && tokens[j]!.joined ? node.next?.get(tokens[j]!.key) : undefined;
  }
  return found;
}

/** Every form of the incident's students and the reader's children (cached on the index per set of ids). */
export function localIndex(index: NameIndex, ids: readonly number[]): ReadonlyMap<string, readonly Entry[]> {
  const key = ids.length < 2 ? `${ids[0] ?? ""}` : [...ids].sort((a, b) => a - b).join(",");
  let local = index.local.get(key);
  if (!local) {
    const forms: Form[] = [];
    for (const id of new Set(ids)) {
      const person = index.people.get(id);
      if (person) allFormsOf(person, forms);
    }
    local = entriesBy(forms, 0);
    if (index.local.size >= LOCAL_MAX) index.local.clear();
    index.local.set(key, local);
  }
  return local;
}
