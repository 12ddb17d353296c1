import { describe, expect, it } from "vitest";
import { ARCHIVE_COLUMNS, defaultColumns, parseColumns } from "./columns.ts";

describe("archive columns (issue 12 §8)", () => {
  it("shows all but the category on a wide window; below 1100 px the classification steps aside too", () => {
    expect(defaultColumns(false)).toEqual([
      "date",
      "students",
      "type",
      "classification",
      "status",
      "group",
      "recorder",
    ]);
    expect(defaultColumns(true)).toEqual(["date", "students", "type", "status", "group", "recorder"]);
  });

  it("keeps status, group and recorder by default at every width", () => {
    for (const narrow of [true, false]) {
      expect(defaultColumns(narrow)).toEqual(expect.arrayContaining(["status", "group", "recorder"]));
    }
  });

  it.each([
    [
      ["recorder", "status"],
      ["status", "recorder"],
    ],
    [["status", "nonsense", "status"], ["status"]],
    [[], null],
    ["status", null],
    [null, null],
    [{ status: true }, null],
  ])("reads a stored choice %j as %j (the table's order, unknown names dropped)", (stored, expected) => {
    expect(parseColumns(stored)).toEqual(expected);
  });

  it("offers every column but the folio", () => {
    expect(ARCHIVE_COLUMNS).not.toContain("folio");
    expect(new Set(ARCHIVE_COLUMNS).size).toBe(ARCHIVE_COLUMNS.length);
  });
});
