/**
 * WCAG 2.x contrast between two colours, so that a school's colour pair is used only where it stays readable
 * (engineering guide §4: "colour contrast from the school's colours checked").
 */

import { bestTextOn, contrastRatio, MIN_TEXT_CONTRAST } from "@convive/domain/core";

// The WCAG arithmetic lives in the domain (the server warns about the same pairs); the layout's choices stay here.
export {
  bestTextOn,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  luminance,
  MIN_TEXT_CONTRAST,
  parseHex,
} from "@convive/domain/core";

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
