/**
 * What stands between two words of a text (redaction.ts): which joins of a name's words it can be. Read through
 * the fold of redaction.fold.ts, so fullwidth "．" is a dot and invisible characters are nothing.
 */
import { charInfo } from "./redaction.fold.ts";

/** What stands between two words of a text, as bits: which joins of a name's words it can be. */
export const GAP = {
  /** Spaces, hyphens, apostrophes, underscores: "María José", "Pérez-Gómez", "D'Angelo", "andrea_lopez". */
  join: 1,
  /** One dot, slash or middle dot with nothing around it: "andrea.alvarado", "Andrea/Alvarado", "Andrea·Alvarado". */
  tight: 2,
  /** A comma, between a surname-first name's surnames and given name: "Alvarado, Andrea". */
  comma: 4,
  /** After an initial: its dot, then nothing or a space: "A. Alvarado", "A.Alvarado". */
  initial: 8,
} as const;

const JOIN = /^[\s\-‐'’_]+$/u;
const TIGHT = /^[./·•‧∙・]$/u;
const COMMA = /^\s*,\s*$/u;
const AFTER_INITIAL = /^\.[\s\-‐'’_]*$/u;

/** The kind of the gap `text[from, to)` between two words (bits of GAP). */
export function gapKind(text: string, from: number, to: number): number {
  if (to === from + 1 && text.charCodeAt(from) === 0x20) return GAP.join;
  // Words a filtered reading passed over lie in between, or a gap no name is written across.
  if (to - from > 32) return 0;
  let gap = "";
  for (let i = from; i < to; ) {
    const cp = text.codePointAt(i)!;
    const info = charInfo(cp);
    gap += info.format ? "" : info.word ? "\0" : info.fold;
    i += cp > 0xffff ? 2 : 1;
  }
  // Nothing but invisible characters: a space the writer hid (the second reading).
  if (gap === "") return GAP.join;
  return (
    (JOIN.test(gap) ? GAP.join : 0) |
    (TIGHT.test(gap) ? GAP.tight : 0) |
    (COMMA.test(gap) ? GAP.comma : 0) |
    (AFTER_INITIAL.test(gap) ? GAP.initial : 0)
  );
}
