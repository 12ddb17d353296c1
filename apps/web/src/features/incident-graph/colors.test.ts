import { contrastRatio } from "@convive/domain/core";
import { describe, expect, it } from "vitest";
import { CLASSIFICATION_COLORS, communityColor, KIND_COLORS, stackColor } from "./colors.ts";

/** The co-occurrence map's and the time series' colours (issue 14 §5). */
describe("incident graph colours", () => {
  it("tells the three kinds of pair apart, the bullying signal (involved with affected) in red", () => {
    expect(new Set(Object.values(KIND_COLORS)).size).toBe(3);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(KIND_COLORS["involved-affected"].slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(g! * 2);
    expect(r).toBeGreaterThan(b! * 2);
  });

  it("gives neighbouring communities different colours and never runs out", () => {
    const first = Array.from({ length: 10 }, (_, i) => communityColor(i));
    expect(new Set(first).size).toBe(10);
    // Every community's nodes stand out from the white map (3:1, WCAG's non-text contrast).
    for (const colour of first) expect(contrastRatio(colour, "#ffffff")).toBeGreaterThanOrEqual(3);
    expect(communityColor(1234)).toMatch(/^#[0-9a-f]{6}$/i);
    expect(communityColor(10)).toBe(communityColor(0));
  });

  it("stacks the series in distinct colours, classifications in their own, for any number of stacks", () => {
    expect(new Set(Array.from({ length: 9 }, (_, i) => stackColor(i))).size).toBe(9);
    expect(stackColor(100)).toBeTruthy();
    expect(Object.keys(CLASSIFICATION_COLORS).sort()).toEqual(["minor", "serious", "very-serious"]);
    expect(CLASSIFICATION_COLORS["very-serious"]).toMatch(/^red/);
  });
});
