import { describe, expect, it } from "vitest";
import { textCell, textCells } from "./spreadsheet-cells.ts";

describe("textCell", () => {
  it.each([
    ['=HYPERLINK("http://evil.test","x")', `'=HYPERLINK("http://evil.test","x")`],
    ["+52 55 1234 5678", "'+52 55 1234 5678"],
    ["-1+1", "'-1+1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
  ])("writes %j as text: %j", (typed, written) => {
    expect(textCell(typed)).toBe(written);
  });

  it.each(["Sofía se burló", "", " =1", "a=b", "'ya es texto", "55-1234"])("leaves %j as it is", (typed) => {
    expect(textCell(typed)).toBe(typed);
  });

  it("leaves numbers, dates and empty cells alone", () => {
    const day = new Date("2026-09-01T00:00:00Z");
    expect(textCell(-3)).toBe(-3);
    expect(textCell(day)).toBe(day);
    expect(textCell(null)).toBeNull();
  });

  it("maps a row by position or by column key", () => {
    expect(textCells(["=1", "ok", 2])).toEqual(["'=1", "ok", 2]);
    expect(textCells({ detail: "@x", folio: 7 })).toEqual({ detail: "'@x", folio: 7 });
  });
});
