/**
 * WCAG 2.x contrast between two colours, so that a school's colour pair is used only where it stays readable
 * (engineering guide §4: "colour contrast from the school's colours checked").
 */

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;
export const LIGHT_TEXT = "#ffffff";
export const DARK_TEXT = "#111827";

/** `#rgb` or `#rrggbb` to 0–255 channels; anything else reads as black so the fallback text wins. */
export function parseHex(hex: string): [number, number, number] {
  let value = hex.trim().replace(/^#/, "");
  if (/^[0-9a-f]{3}$/i.test(value)) value = [...value].map((c) => c + c).join("");
  if (!/^[0-9a-f]{6}$/i.test(value)) return [0, 0, 0];
  const n = Number.parseInt(value, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Relative luminance (WCAG 2.x definition). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio from 1 (same colour) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on the background. */
export function bestTextOn(background: string): string {
  return contrastRatio(LIGHT_TEXT, background) >= contrastRatio(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
}

/** The preferred text colour when it is readable on the background, otherwise white or near-black. */
export function readableText(background: string, preferred?: string): string {
  if (preferred && contrastRatio(preferred, background) >= MIN_TEXT_CONTRAST) return preferred;
  return bestTextOn(background);
}

export interface SidebarPalette {
  background: string;
  text: string;
  /** Hover text: colour 4 when readable on the bar, else the normal text (the hover then shows by a tint). */
  hoverText: string;
  activeBackground: string;
  activeText: string;
}

/**
 * Spec §3: colour 1 is the bar, colour 3 the active item's background, colour 4 its text and the hover.
 * The bar's own text is white or near-black, whichever the school's colour 1 allows.
 */
export function sidebarPalette(colors: readonly [string, string, string, string]): SidebarPalette {
  const [nav, , activeBg, activeText] = colors;
  const text = bestTextOn(nav);
  return {
    background: nav,
    text,
    hoverText: readableText(nav, activeText) === activeText ? activeText : text,
    activeBackground: activeBg,
    activeText: readableText(activeBg, activeText),
  };
}
