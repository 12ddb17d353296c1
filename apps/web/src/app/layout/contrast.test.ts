import { DEFAULT_INSTITUTIONAL_COLORS } from "@convive/domain/core";
import { describe, expect, it } from "vitest";
import {
  bestTextOn,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  luminance,
  parseHex,
  readableText,
  sidebarPalette,
} from "./contrast.ts";

describe("contrast", () => {
  it("parses long, short and invalid hex colours", () => {
    expect(parseHex("#ff9800")).toEqual([255, 152, 0]);
    expect(parseHex("#fff")).toEqual([255, 255, 255]);
    expect(parseHex("not a colour")).toEqual([0, 0, 0]);
  });

  it("matches the WCAG reference values", () => {
    expect(luminance("#ffffff")).toBeCloseTo(1);
    expect(luminance("#000000")).toBe(0);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // #767676 is the lightest grey that passes AA on white.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
  });

  it("picks white on dark and near-black on light backgrounds", () => {
    expect(bestTextOn("#090d18")).toBe(LIGHT_TEXT);
    expect(bestTextOn("#ffeb3b")).toBe(DARK_TEXT);
    expect(bestTextOn("#73abd6")).toBe(DARK_TEXT);
  });

  it("keeps a readable preferred colour and replaces an unreadable one", () => {
    expect(readableText("#ffffff", "#1a4d8f")).toBe("#1a4d8f");
    expect(readableText("#73abd6", "#e66465")).toBe(DARK_TEXT);
    expect(readableText("#003366")).toBe(LIGHT_TEXT);
  });

  it("builds the sidebar palette from the default colours with readable text everywhere", () => {
    const p = sidebarPalette(DEFAULT_INSTITUTIONAL_COLORS);
    expect(p.background).toBe("#090d18");
    expect(p.text).toBe(LIGHT_TEXT);
    // Colour 4 (#e66465) reads well on the dark bar, so it is the hover colour as the spec says…
    expect(p.hoverText).toBe("#e66465");
    // …but not on colour 3 (#73abd6), so the active item falls back to near-black.
    expect(p.activeBackground).toBe("#73abd6");
    expect(p.activeText).toBe(DARK_TEXT);
    for (const [fg, bg] of [
      [p.text, p.background],
      [p.hoverText, p.background],
      [p.activeText, p.activeBackground],
    ] as const) {
      expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("uses a school's colour pair when it is readable", () => {
    const p = sidebarPalette(["#f5f5f5", "#0b5394", "#0b5394", "#ffffff"]);
    expect(p.text).toBe(DARK_TEXT);
    expect(p.activeText).toBe("#ffffff");
    // White hover text on a light bar would vanish: the normal text stays.
    expect(p.hoverText).toBe(DARK_TEXT);
  });
});
