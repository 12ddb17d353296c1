import type { Language } from "./constants.ts";
import { isCapitalAt, skipFormat, type Token, tokenize } from "./redaction.fold.ts";
import type { Entry } from "./redaction.forms.ts";
import { isInitial } from "./redaction.forms.ts";
import { GAP, gapKind } from "./redaction.gaps.ts";
import { localIndex, type NameIndex, strongAt } from "./redaction.index.ts";

/**
 * Other children's names out of the free text a family reads (issue 9 item 8, issue 24): the one rule the server
 * applies to everything it shows a family and the web uses to warn a teacher while they type.
 *
 * - **Which names.** Every student of the school by a "strong" form — at least two whole words of their name, so a
 *   lone "Andrea" is not taken for a student of another group: given name(s) + paternal surname (+ maternal),
 *   surname first as Mexican class lists are written ("Alvarado Jiménez Andrea", "Alvarado, Andrea", "Alvarado
 *   Jiménez, Andrea"), and with initials for the rest ("Andrea Alvarado J.", "A. Alvarado Jiménez", "Alvarado
 *   Jiménez A.", and "A. Alvarado J.": a surname between two initials is how lists abbreviate, and as specific as
 *   two words). The incident's own students by any part that identifies them among its few ("weak" forms): a
 *   given name or a surname alone, given name + maternal surname, both surnames, and one word with initials
 *   ("Andrea A.", "A. Alvarado", "Alvarado, A."). Those last count only on the incident because across ~2 000
 *   students "A. García" or "María G." fits dozens of children: school-wide they would hide every namesake, as a
 *   lone given name would. Never the reader's own children: a form that also names one of them is left as it is
 *   (the parents of Sofía García read "García" even when Andrea García is on the incident too).
 * - **Matching** reads letters as redaction.fold.ts folds them: case, accents and ñ's tilde ignored, NFKC forms
 *   (fullwidth, mathematical letters) and Cyrillic/Greek/Armenian look-alikes read as the Latin letter, invisible
 *   characters (zero-width, soft hyphen, BOM) ignored inside a word and read as a space between two. It is by
 *   whole words; a name's words are separated by spaces, hyphens, apostrophes or underscores, or by one `.` `/`
 *   `·` with nothing around it ("andrea.alvarado", "Andrea/Alvarado"; "María. Hernández" is two sentences,
 *   "Bruno / Castillo" two people), and by a comma only where surnames come before the given name ("Alvarado,
 *   Andrea"; "Bruno, Castillo y Vega" is a list — though "Martín, Juan" is taken for Juan Martín if the school has
 *   him: the safe side). An initial is one capital letter with its dot; a closing initial's dot goes with the name
 *   unless it also ends the sentence. The longest form wins.
 * - **Names that are common words** (Rosa, Paz, Luz, Blanca, Flores, Leal…, see redaction.words.ts) count when
 *   written with a capital — at the start of a sentence too, where "Rosa empujó a…" is the commonest way a report
 *   begins; a sentence that starts with the word itself loses it, which the teacher sees in the preview. In lower
 *   case a lone such word is a word ("camisa rosa"); three that are a student's full name are a name ("máximo
 *   rojas moreno": that is no phrase); two ("rosa flores") are a name only for the incident's own students, where
 *   the chance is small that the teacher meant a phrase and a slip would name a child of the incident.
 * - **The replacement** keeps the grammar: "a otro estudiante" mid-sentence, "Otro estudiante" at the start of the
 *   text or a line, or after . ! ? ¡ ¿ (an abbreviation's dot too: "Sra. Otro estudiante").
 * - **Not caught:** nicknames, diminutives and abbreviations the school does not record ("Majo", "Andy", "Sofi",
 *   "Ma. José"), misspellings beyond accents, names written without any separator ("AndreaAlvarado") or with
 *   their letters spaced out ("A n d r e a"), digits for letters ("Andr3a"), look-alikes outside the table
 *   (redaction.words.ts), and descriptions ("la niña de la banca de al lado").
 */

export type { NamedStudent } from "./redaction.forms.ts";
export { type NameIndex, nameIndex } from "./redaction.index.ts";

/** What replaces a hidden name, in the reader's language (the same words as the students list uses). */
export const OTHER_STUDENT: Record<Language, string> = { es: "Otro estudiante", en: "Another student" };

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

export { foldText as foldName } from "./redaction.fold.ts";

/** Whether `entry` is written at `tokens[i]…` as one name. */
function matchesAt(text: string, tokens: readonly Token[], i: number, entry: Entry): boolean {
  const n = entry.tokens.length;
  if (i + n > tokens.length) return false;
  for (let k = 0; k < n; k++) {
    if (tokens[i + k]!.key !== entry.tokens[k] || (k > 0 && !tokens[i + k]!.joined)) return false;
  }
  for (let k = 1; k < n; k++) {
    const allowed = isInitial(entry.tokens[k - 1]!)
      ? GAP.initial
      : GAP.join | GAP.tight | (k === entry.commaAt ? GAP.comma : 0);
    if ((gapKind(text, tokens[i + k - 1]!.end, tokens[i + k]!.start) & allowed) === 0) return false;
  }
  return true;
}

/** Whether the name at `tokens[i]…` is written as a phrase could be: its first whole word in lower case. */
function lowerCase(tokens: readonly Token[], i: number, entry: Entry): boolean {
  const k = entry.tokens.findIndex((t) => !isInitial(t));
  return k >= 0 && !tokens[i + k]!.capital;
}

/**
 * Where a name ends in the text: after its last word, and after the dot of a closing initial unless that dot
 * probably ends the sentence too (end of text or line, or a capital next): "A. Alvarado J. se rió" loses the
 * dot with the name, "…con Andrea A. Luego" keeps it.
 */
function endOf(text: string, last: Token): number {
  if (!isInitial(last.key)) return skipFormat(text, last.end);
  let at = last.end + 1;
  while (at < text.length && (text[at] === " " || text[at] === "\t")) at++;
  const next = text[at];
  return next === undefined || next === "\n" || next === "\r" || isCapitalAt(text, at) ? last.end : last.end + 1;
}

function scan(text: string, tokens: readonly Token[], index: NameIndex, context: Resolved): NameMatch[] {
  const { incident, keep, local } = context;
  const found: NameMatch[] = [];
  let i = 0;
  while (i < tokens.length) {
    let next = i + 1;
    const key = tokens[i]!.key;
    const near = local.get(key);
    const far = strongAt(index, tokens, i);
    const candidates = !near
      ? (far ?? [])
      : !far
        ? near
        : [...near, ...far].sort((a, b) => b.tokens.length - a.tokens.length);
    for (const entry of candidates) {
      if (!matchesAt(text, tokens, i, entry)) continue;
      const lower = entry.common && lowerCase(tokens, i, entry);
      // One ordinary word in lower case is that word ("camisa rosa").
      if (lower && entry.words < 2) continue;
      if (entry.ids.some((id) => keep.includes(id))) {
        next = i + entry.tokens.length;
        break;
      }
      // Two such words in lower case name only the incident's own students; three are a full name anywhere.
      const schoolWide = !lower || entry.words >= 3;
      const hidden = entry.ids.filter((id, k) => incident.includes(id) || (entry.kinds[k] === "strong" && schoolWide));
      if (hidden.length === 0) continue;
      const start = tokens[i]!.start;
      const end = endOf(text, tokens[i + entry.tokens.length - 1]!);
      found.push({ start, end, text: text.slice(start, end), studentIds: hidden });
      next = i + entry.tokens.length;
      break;
    }
    i = next;
  }
  return found;
}

/** The context of one text: few students each (an incident's, a family's children), so arrays. */
interface Resolved {
  incident: readonly number[];
  keep: readonly number[];
  local: ReadonlyMap<string, readonly Entry[]>;
}

/** Matches of two readings of one text, overlapping ones merged into one (the hidden span only grows). */
function merge(text: string, a: NameMatch[], b: NameMatch[]): NameMatch[] {
  const all = [...a, ...b].sort((x, y) => x.start - y.start || y.end - x.end);
  const out: NameMatch[] = [];
  for (const m of all) {
    const last = out[out.length - 1];
    if (last && m.start < last.end) {
      last.end = Math.max(last.end, m.end);
      last.text = text.slice(last.start, last.end);
      last.studentIds = [...new Set([...last.studentIds, ...m.studentIds])];
    } else out.push({ ...m });
  }
  return out;
}

/**
 * The names a reader must not see in `text`, in order. Where several forms start at the same word the longest
 * written one decides: the reader's own child's name is skipped whole, another student's is reported whole.
 */
export function findStudentNames(text: string, index: NameIndex, context: RedactionContext = {}): NameMatch[] {
  const incident = [...(context.incidentStudentIds ?? [])];
  const keep = [...(context.keepStudentIds ?? [])];
  const resolved = { incident, keep, local: localIndex(index, [...incident, ...keep]) };
  const tokens = tokenize(text, false, index.filter);
  const found = scan(text, tokens, index, resolved);
  // Invisible characters vanish inside words; where one stands for a space, the text is read again split at it.
  if (!tokens.format) return found;
  return merge(text, found, scan(text, tokenize(text, true, index.filter), index, resolved));
}

const LINE_BREAKS = "\n\r\u2028\u2029";
const SENTENCE_ENDS = ".!?¡¿";
/** What may stand between a sentence's start and its first word: spaces, quotes, brackets, dashes, bullets. */
const OPENERS = " \t\u00a0\"'“‘«‹([{-–—*•\u200b\u200c\u200d\u2060\ufeff\u00ad";

/** Whether a word at `at` begins the text, a line or a sentence. */
function startsSentence(text: string, at: number): boolean {
  for (let j = at - 1; j >= 0; j--) {
    const c = text[j]!;
    if (LINE_BREAKS.includes(c) || SENTENCE_ENDS.includes(c)) return true;
    if (!OPENERS.includes(c)) return false;
  }
  return true;
}

/**
 * `text` with every name `findStudentNames` finds replaced by `replacement` ("Otro estudiante"), which starts in
 * lower case within a sentence ("a otro estudiante") unless `sentenceCase` is false.
 */
export function redactStudentNames(
  text: string,
  index: NameIndex,
  context: RedactionContext & { replacement: string; sentenceCase?: boolean },
): string {
  const found = findStudentNames(text, index, context);
  if (found.length === 0) return text;
  const { replacement } = context;
  const within =
    context.sentenceCase === false ? replacement : replacement.charAt(0).toLowerCase() + replacement.slice(1);
  let out = "";
  let at = 0;
  for (const match of found) {
    out += text.slice(at, match.start) + (startsSentence(text, match.start) ? replacement : within);
    at = match.end;
  }
  return out + text.slice(at);
}
