import { contrastRatio } from "@convive/domain/core";
import { describe, expect, it } from "vitest";
import { pointsColour, signed } from "./format.ts";

/** Points as the ledger and the balances show them (issue 13 §4). */
describe("points shown with their sign", () => {
  it("puts a plus before an award, a true minus sign before a deduction and nothing before zero", () => {
    expect(signed(5)).toBe("+5");
    expect(signed(-3)).toBe("−3");
    expect(signed(-3)).not.toContain("-"); // U+2212, read as "minus" by screen readers
    expect(signed(0)).toBe("0");
  });

  it("colours what adds, what takes away and nothing differently, readable on white", () => {
    const add = pointsColour(2);
    const take = pointsColour(-2);
    const none = pointsColour(0);
    expect(new Set([add.color, take.color, none.color]).size).toBe(3);
    expect(take.color).toBe("red");
    for (const shade of [add.c, take.c]) expect(contrastRatio(shade, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});
