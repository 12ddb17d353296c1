/**
 * How the redaction (redaction.ts) reads a text: one pass over its characters that splits it into words and
 * folds each word the way names are compared. Folding a character:
 *
 * - **Compatibility forms** (NFKC): fullwidth "Ａｎｄｒｅａ", mathematical "𝐀𝐧𝐝𝐫𝐞𝐚", ligatures, fullwidth "．／，".
 * - **Marks** dropped: accents, ñ's tilde (teachers type "Nunez"), combining characters typed after a letter.
 * - **Letters of other scripts that look Latin** (LOOK_ALIKES in redaction.words.ts) read as the Latin letter: a Cyrillic "А" in
 *   "Аndrea" looks like an A to the family, so it is one to the matcher.
 * - **Invisible format characters** (Unicode's Cf: zero-width space and (non-)joiners, word joiner, BOM, soft
 *   hyphen, direction marks) are no letter: inside a word they vanish ("An\u200Bdrea" is "andrea"); a word made
 *   only of them is none. Written *instead of* a space ("Andrea\u200BAlvarado", which a reader sees as one word)
 *   they join two words; `tokenize(text, true)` reads them as a space for that case.
 * - Lower case last.
 *
 * Each character's fold is worked out once per process (a table for the Latin, Greek, Cyrillic and Armenian
 * blocks, made on first use; a bounded map for the rest), so a text costs one look-up per character.
 */
import { LOOK_ALIKES } from "./redaction.words.ts";

/** LOOK_ALIKES by letter: the Latin letter each stands for. */
const CONFUSABLES: ReadonlyMap<string, string> = /* @__PURE__ */ (() => {
  const map = new Map<string, string>();
  for (const [latin, others] of Object.entries(LOOK_ALIKES)) for (const c of others) map.set(c, latin);
  return map;
})();

export interface CharInfo {
  /** The folded text of a letter, digit or mark ("" for a mark or an invisible character); a gap's NFKC form. */
  fold: string;
  /** Part of a word: a letter, mark, digit or invisible format character. */
  word: boolean;
  /** An invisible format character (Cf). */
  format: boolean;
  /** A capital letter (after NFKC: "Ａ" is one). */
  upper: boolean;
}

const IS_FORMAT = /^\p{Cf}$/u;
const IS_WORD = /^[\p{L}\p{M}\p{N}]$/u;
const IS_MARK = /^[\p{M}\p{Cf}]$/u;

function describe(cp: number): CharInfo {
  const ch = String.fromCodePoint(cp);
  const format = IS_FORMAT.test(ch);
  if (format) return { fold: "", word: true, format, upper: false };
  const nfkc = ch.normalize("NFKC");
  if (!IS_WORD.test(ch)) return { fold: nfkc, word: false, format, upper: false };
  let fold = "";
  let upper = false;
  for (const c of nfkc.normalize("NFD")) {
    if (IS_MARK.test(c)) continue;
    if (fold === "") upper = c !== c.toLowerCase();
    fold += (CONFUSABLES.get(c) ?? c).toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  }
  return { fold, word: true, format, upper };
}

/** Code points below this are looked up in an array; the blocks names here are written (or faked) in. */
const TABLE_END = 0x0590;
let table: CharInfo[] | undefined;
const others = new Map<number, CharInfo>();

/** How a character reads (see the module comment). */
export function charInfo(cp: number): CharInfo {
  if (cp < TABLE_END) {
    if (!table) table = Array.from({ length: TABLE_END }, (_, i) => describe(i));
    return table[cp]!;
  }
  let info = others.get(cp);
  if (!info) {
    // Bounded: a text of every CJK character would otherwise grow it for the life of the process.
    if (others.size >= 20_000) others.clear();
    info = describe(cp);
    others.set(cp, info);
  }
  return info;
}

/** A word of a text, where it is written and how it reads folded. */
export interface Token {
  start: number;
  /** Past the word's last character (its trailing invisible characters included). */
  end: number;
  /** The folded word; an initial — one capital letter followed by a dot, "A." — is its letter and the dot, "a.". */
  key: string;
  /** Whether it begins with a capital letter. */
  capital: boolean;
  /** No word the filter passed over lies between it and the word before: a name may go on from there to it. */
  joined: boolean;
}

/** A word's hash, letter by letter (FNV-1a over its folded UTF-16 code units), as `tokenize` works it out. */
const step = (hash: number, code: number) => Math.imul(hash ^ code, 16777619);
const HASH_START = 2166136261 | 0;
const DOT = 0x2e;

/** The bit of a word's hash in a `WordFilter`. */
const bitOf = (hash: number) => (hash ^ (hash >>> 16)) & 0xffff;

/**
 * The words that can be part of a name (a bit per hash, 64 Kibit): a text's other words — nearly all of them —
 * are passed over without being made into strings, which is most of what reading a text costs.
 */
export type WordFilter = Uint32Array;
export const newWordFilter = (): WordFilter => new Uint32Array(0x10000 / 32);
export function addToFilter(filter: WordFilter, key: string) {
  let hash = HASH_START;
  for (let i = 0; i < key.length; i++) hash = step(hash, key.charCodeAt(i));
  const bit = bitOf(hash);
  filter[bit >>> 5]! |= 1 << (bit & 31);
}
const inFilter = (filter: WordFilter, hash: number) => {
  const bit = bitOf(hash);
  return (filter[bit >>> 5]! & (1 << (bit & 31))) !== 0;
};

/** The folded text of `text[start, end)`, a word of it. */
function foldWord(text: string, start: number, end: number, formatSplits: boolean): string {
  let key = "";
  for (let i = start; i < end; ) {
    const cp = text.codePointAt(i)!;
    const info = charInfo(cp);
    if (!(formatSplits && info.format)) key += info.fold;
    i += cp > 0xffff ? 2 : 1;
  }
  return key;
}

/** The words of a text, and whether it holds an invisible format character (then it is read twice). */
export type Tokens = Token[] & { format?: boolean };

/** Adds the word `text[start, end)` to `tokens`, unless the filter tells it is no part of a name. */
function emit(tokens: Tokens, text: string, start: number, end: number, word: WordState, reading: Reading) {
  if (word.letters === 0) return;
  // An initial: one capital letter and a dot right after it ("A. Alvarado", "Andrea A.").
  const dot = text.charCodeAt(end) === DOT || text.charCodeAt(end) === 0xff0e;
  const initial = word.letters === 1 && word.capital && dot;
  if (reading.filter && !inFilter(reading.filter, initial ? step(word.hash, DOT) : word.hash)) {
    reading.skipped = true;
    return;
  }
  const key = word.plain ? text.slice(start, end).toLowerCase() : foldWord(text, start, end, reading.formatSplits);
  tokens.push({ start, end, key: initial ? `${key}.` : key, capital: word.capital, joined: !reading.skipped });
  reading.skipped = false;
}
interface WordState {
  letters: number;
  hash: number;
  capital: boolean;
  plain: boolean;
}
interface Reading {
  formatSplits: boolean;
  filter: WordFilter | undefined;
  /** A word was passed over since the last one kept. */
  skipped: boolean;
}

/**
 * The words of `text`, folded; with a `filter`, only those it may hold. With `formatSplits` an invisible format
 * character ends a word instead of vanishing inside it (the second reading of a text that holds one; see the
 * module comment).
 */
export function tokenize(text: string, formatSplits = false, filter?: WordFilter): Tokens {
  const tokens: Tokens = [];
  const reading: Reading = { formatSplits, filter, skipped: false };
  // Most words are plain ASCII: their key is one slice in lower case, not a string built letter by letter.
  const word: WordState = { letters: 0, hash: HASH_START, capital: false, plain: true };
  const n = text.length;
  let start = -1;
  let end = 0;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      const ascii = ASCII[c]!;
      if (ascii === 0) {
        if (start >= 0) emit(tokens, text, start, end, word, reading);
        start = -1;
      } else {
        if (start < 0) {
          start = i;
          word.plain = true;
          word.letters = 0;
          word.hash = HASH_START;
        }
        if (word.letters++ === 0) word.capital = ascii === 2;
        word.hash = step(word.hash, ascii === 2 ? c | 0x20 : c);
        end = i + 1;
      }
      i++;
      continue;
    }
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const info = charInfo(cp);
    if (info.format) tokens.format = true;
    if (info.word && !(formatSplits && info.format)) {
      if (start < 0) {
        start = i;
        word.letters = 0;
        word.hash = HASH_START;
      }
      word.plain = false;
      const fold = info.fold;
      if (fold !== "" && word.letters === 0) word.capital = info.upper;
      for (let k = 0; k < fold.length; k++) word.hash = step(word.hash, fold.charCodeAt(k));
      word.letters += fold.length;
      end = i + size;
    } else {
      if (start >= 0) emit(tokens, text, start, end, word, reading);
      start = -1;
    }
    i += size;
  }
  if (start >= 0) emit(tokens, text, start, end, word, reading);
  return tokens;
}

/** ASCII characters: 0 not in a word, 1 a small letter or digit, 2 a capital. */
const ASCII = /* @__PURE__ */ Uint8Array.from({ length: 0x80 }, (_, c) =>
  c >= 0x41 && c <= 0x5a ? 2 : (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) ? 1 : 0,
);

/** Past the invisible format characters that start at `at` (they go with the name before them). */
export function skipFormat(text: string, at: number): number {
  while (at < text.length && charInfo(text.charCodeAt(at)).format) at++;
  return at;
}

/** Whether the character at `at` is a capital letter. */
export function isCapitalAt(text: string, at: number): boolean {
  const cp = text.codePointAt(at);
  return cp !== undefined && charInfo(cp).upper;
}

/** `value` folded as names and text are compared (lower case, no accents, ñ as n, look-alikes and NFKC read). */
export function foldText(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; ) {
    const cp = value.codePointAt(i)!;
    const info = charInfo(cp);
    out += info.word ? info.fold : String.fromCodePoint(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  return out;
}
