import { describe, expect, it } from "vitest";
import { DEFAULT_INSTITUTIONAL_COLORS } from "./constants.ts";
import {
  bestTextOn,
  contrastRatio,
  contrastWarnings,
  DARK_TEXT,
  LIGHT_TEXT,
  luminance,
  MIN_TEXT_CONTRAST,
  parseHex,
} from "./contrast.ts";

describe("parseHex", () => {
  it.each([
    ["#ffffff", [255, 255, 255]],
    ["#090d18", [9, 13, 24]],
    ["#FF9800", [255, 152, 0]],
    ["#abc", [170, 187, 204]],
    ["  #73abd6 ", [115, 171, 214]],
    ["red", [0, 0, 0]],
    ["#12345", [0, 0, 0]],
  ])("%s → %j", (hex, rgb) => {
    expect(parseHex(hex)).toEqual(rgb);
  });
});

describe("contrastRatio", () => {
  it("spans 1 to 21 and is symmetric", () => {
    expect(luminance("#000000")).toBe(0);
    expect(luminance("#ffffff")).toBeCloseTo(1, 10);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 10);
    expect(contrastRatio("#73abd6", "#73abd6")).toBe(1);
  });

  it.each([
    // Reference values from the WCAG contrast checker.
    ["#767676", "#ffffff", 4.54],
    ["#777777", "#ffffff", 4.48],
    ["#ff9800", "#ffffff", 2.16],
    ["#e66465", "#73abd6", 1.34],
  ])("%s on %s ≈ %f", (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 2);
  });
});

describe("bestTextOn", () => {
  it.each([
    ["#090d18", LIGHT_TEXT],
    ["#ffffff", DARK_TEXT],
    ["#ff9800", DARK_TEXT],
    ["#1e3a8a", LIGHT_TEXT],
  ])("on %s writes %s", (background, text) => {
    expect(bestTextOn(background)).toBe(text);
  });
});

describe("contrastWarnings", () => {
  it("flags only the active title pair of the default colours", () => {
    expect(contrastWarnings(DEFAULT_INSTITUTIONAL_COLORS)).toEqual([
      { pair: "active_title", foreground: "#e66465", background: "#73abd6", ratio: 1.33, minimum: MIN_TEXT_CONTRAST },
    ]);
  });

  it("is empty for a readable palette", () => {
    expect(contrastWarnings(["#0b3d91", "#ffd100", "#ffffff", "#0b3d91"])).toEqual([]);
  });

  it("flags a mid-grey bar and buttons that neither white nor near-black text can read on", () => {
    const warnings = contrastWarnings(["#7c7c7c", "#787878", "#000000", "#ffffff"]);
    expect(warnings.map((w) => w.pair)).toEqual(["nav_text", "button_text"]);
    for (const w of warnings) expect(w.ratio).toBeLessThan(MIN_TEXT_CONTRAST);
  });

  it("rounds the ratio down so a value just below the minimum never reads as passing", () => {
    const [warning] = contrastWarnings(["#000000", "#000000", "#ffffff", "#777777"]);
    expect(warning).toMatchObject({ pair: "active_title", ratio: 4.47 });
  });
});
