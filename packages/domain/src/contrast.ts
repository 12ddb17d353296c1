/**
 * WCAG 2.x contrast between colours, so a school's four institutional colours (spec §3) are checked where they
 * are used together (engineering guide §4: "colour contrast from the school's colours checked"). Pure: the
 * server warns when a pair is hard to read and the web picks readable text with the same numbers.
 */

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;
export const LIGHT_TEXT = "#ffffff";
/** Near-black rather than #000: what the layout writes on light colours. */
export const DARK_TEXT = "#111827";

/** `#rgb` or `#rrggbb` to 0–255 channels; anything else reads as black so the fallback text wins. */
export function parseHex(hex: string): [number, number, number] {
  let value = hex.trim().replace(/^#/, "");
  if (/^[0-9a-f]{3}$/i.test(value)) value = [...value].map((c) => c + c).join("");
  if (!/^[0-9a-f]{6}$/i.test(value)) return [0, 0, 0];
  const n = Number.parseInt(value, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Relative luminance (WCAG 2.x definition), 0 for black to 1 for white. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio from 1 (same colour) to 21 (black on white); symmetric in its arguments. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on the background. */
export function bestTextOn(background: string): string {
  return contrastRatio(LIGHT_TEXT, background) >= contrastRatio(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
}

/** Where two institutional colours meet: the bar's text, the buttons' text, and an active title. */
export type ContrastPair = "nav_text" | "button_text" | "active_title";

export interface ContrastWarning {
  pair: ContrastPair;
  foreground: string;
  background: string;
  /** Rounded down to two decimals, so a shown 4.49 never hides a pass. */
  ratio: number;
  minimum: number;
}

/**
 * The pairs of a school's colours that fall below WCAG AA: colour 1 (bar) under its white or near-black text,
 * colour 2 (buttons) under theirs, and colour 4 (active title text) on colour 3 (active title background).
 */
export function contrastWarnings(colors: readonly [string, string, string, string]): ContrastWarning[] {
  const [nav, button, activeBg, activeText] = colors;
  const pairs: [ContrastPair, string, string][] = [
    ["nav_text", bestTextOn(nav), nav],
    ["button_text", bestTextOn(button), button],
    ["active_title", activeText, activeBg],
  ];
  return pairs.flatMap(([pair, foreground, background]) => {
    const ratio = contrastRatio(foreground, background);
    if (ratio >= MIN_TEXT_CONTRAST) return [];
    return [{ pair, foreground, background, ratio: Math.floor(ratio * 100) / 100, minimum: MIN_TEXT_CONTRAST }];
  });
}
