import type { ScaleDefinition } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { type Cursor, type Effect, type GridShape, press } from "./grid-keys.ts";

/**
 * The grid's keyboard (issue 26 §3) as a person types it: a sequence of keys from a cell, and what the cells hold
 * and where the focus is afterwards. Saves are applied to the table the way the grid applies them (the save queue).
 */

const marks: ScaleDefinition = { kind: "numeric", min: 5, max: 10, step: 0.5, passing: 6 };
const levels: ScaleDefinition = {
  kind: "levels",
  levels: [
    { code: "E", name_es: "Excelente", name_en: "Excellent", colour: "#2b8a3e", passing: true },
    { code: "B", name_es: "Bueno", name_en: "Good", colour: "#1971c2", passing: true },
    { code: "R", name_es: "Regular", name_en: "Fair", colour: "#e67700", passing: true },
    { code: "A", name_es: "Requiere apoyo", name_en: "Needs support", colour: "#c92a2a", passing: false },
  ],
};

/** Two students; columns: conduct (marks), two habits (levels); then the comment button (column 3). */
function run(keys: string[], from: Cursor = { row: 0, col: 0, edit: null }, editable = true) {
  const values: (string | null)[][] = [
    [null, "B", null],
    ["7", "R", "A"],
  ];
  const shape: GridShape = {
    rows: 2,
    cols: 3,
    editable,
    header: editable,
    scale: (col) => (col === 0 ? marks : levels),
    value: (row, col) => values[row]?.[col] ?? null,
  };
  let cursor = from;
  let message: string | null = null;
  let undos = 0;
  const passedThrough: string[] = [];
  for (const key of keys) {
    const [mod, name] = key.includes("+") && key.length > 1 ? key.split("+") : [null, key];
    const out = press(cursor, { key: name!, ctrl: mod === "Ctrl", shift: mod === "Shift" }, shape);
    for (const e of out.effects as Effect[]) {
      if (e.kind === "put") values[e.row]![e.col] = e.value;
      if (e.kind === "invalid") message = e.typed;
      if (e.kind === "valid") message = null;
      if (e.kind === "undo") undos++;
    }
    if (!out.handled) passedThrough.push(key);
    cursor = out.cursor;
  }
  return { values, focus: [cursor.row, cursor.col], edit: cursor.edit, message, undos, passedThrough };
}

describe("moving in the grid", () => {
  it.each([
    [["ArrowRight"], [0, 1]],
    [
      ["ArrowRight", "ArrowRight", "ArrowRight"],
      [0, 3],
    ],
    // At the row's end the arrow stays: never into the next student's row.
    [
      ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight"],
      [0, 3],
    ],
    [["ArrowLeft"], [0, 0]],
    [
      ["ArrowDown", "ArrowDown", "ArrowDown"],
      [1, 0],
    ],
    [["End"], [0, 3]],
    [
      ["End", "Home"],
      [0, 0],
    ],
    [["Ctrl+End"], [1, 3]],
    [
      ["Ctrl+End", "Ctrl+Home"],
      [0, 0],
    ],
    // Up from the first row reaches the column menus (one per value column, none over the comments).
    [["ArrowUp"], [-1, 0]],
    [
      ["End", "ArrowUp"],
      [-1, 2],
    ],
    [
      ["ArrowUp", "ArrowUp", "ArrowDown"],
      [0, 0],
    ],
  ])("%j ends on %j", (keys, focus) => {
    expect(run(keys).focus).toEqual(focus);
  });

  it("a read-only grid has no column menus to reach", () => {
    expect(run(["ArrowUp"], undefined, false).focus).toEqual([0, 0]);
  });

  it("Tab and Shift+Tab are left to the browser: one Tab out of the grid", () => {
    expect(run(["Tab"]).passedThrough).toEqual(["Tab"]);
    expect(run(["Shift+Tab"]).passedThrough).toEqual(["Shift+Tab"]);
    expect(run(["ArrowRight", "Tab"]).passedThrough).toEqual(["Tab"]);
  });

  it("Enter on the comment button is the button's own (it opens the comment)", () => {
    expect(run(["End", "Enter"]).passedThrough).toEqual(["Enter"]);
  });
});

describe("typing a grade: letters and numbers alike", () => {
  const row0 = (keys: string[]) => run(keys).values[0];
  it.each([
    // Typing opens an edit; the value is written only when it is committed.
    [["9"], [null, "B", null], "9", [0, 0]],
    [["9", "Enter"], ["9", "B", null], null, [1, 0]],
    [["9", "ArrowRight"], ["9", "B", null], null, [0, 1]],
    [["ArrowRight", "e"], [null, "B", null], "e", [0, 1]],
    [["ArrowRight", "e", "Enter"], [null, "E", null], null, [1, 1]],
    [["ArrowRight", "e", "ArrowRight"], [null, "E", null], null, [0, 2]],
    // A whole row by keyboard, letters and numbers the same way, and out with one Tab.
    [["8", ".", "5", "ArrowRight", "r", "ArrowRight", "a", "Tab"], ["8.5", "R", "A"], null, [0, 2]],
    [["1", "0", "ArrowRight", "E", "ArrowRight", "b", "ArrowRight"], ["10", "E", "B"], null, [0, 3]],
    // A comma is a decimal point.
    [["7", ",", "5", "Enter"], ["7.5", "B", null], null, [1, 0]],
    // Escape drops the edit: the value before it stays.
    [["ArrowRight", "a", "Escape"], [null, "B", null], null, [0, 1]],
    [["ArrowRight", "a", "Escape", "ArrowRight"], [null, "B", null], null, [0, 2]],
    // Backspace corrects inside the edit; outside it (and Delete) empties the cell.
    [["9", "Backspace", "8", "Enter"], ["8", "B", null], null, [1, 0]],
    [["ArrowRight", "Delete"], [null, null, null], null, [0, 1]],
    [["ArrowRight", "Backspace"], [null, null, null], null, [0, 1]],
    // F2 edits the value already there.
    [["ArrowRight", "F2"], [null, "B", null], "B", [0, 1]],
    [["ArrowRight", "F2", "Backspace", "r", "Enter"], [null, "R", null], null, [1, 1]],
    // An edit emptied and committed changes nothing.
    [["ArrowRight", "F2", "Backspace", "Enter"], [null, "B", null], null, [1, 1]],
    // A space does not open an edit.
    [[" "], [null, "B", null], null, [0, 0]],
  ])("%j → row %j, editing %j, focus %j", (keys, values, edit, focus) => {
    const out = run(keys);
    expect(out.values[0]).toEqual(values);
    expect(out.edit).toEqual(edit);
    expect(out.focus).toEqual(focus);
  });

  it("no key in the first row touches the second", () => {
    const out = run(["8", "ArrowRight", "e", "ArrowRight", "b", "ArrowRight", "ArrowRight", "ArrowRight", "Tab"]);
    expect(out.values).toEqual([
      ["8", "E", "B"],
      ["7", "R", "A"],
    ]);
    expect(row0(["9", "Enter"])).toEqual(["9", "B", null]);
  });

  it("Enter on the last row commits and stays", () => {
    const out = run(["6", "Enter"], { row: 1, col: 0, edit: null });
    expect(out.values[1]).toEqual(["6", "R", "A"]);
    expect(out.focus).toEqual([1, 0]);
  });

  it("a read-only grid ignores typing and clearing", () => {
    const out = run(["9", "Enter", "ArrowRight", "Delete"], undefined, false);
    expect(out.values[0]).toEqual([null, "B", null]);
    expect(out.edit).toBeNull();
  });
});

describe("a value off the scale", () => {
  it.each([
    // The message quotes the whole value typed, never its first key.
    [["1", "1"], "11", "11"],
    [["1", "1", "Enter"], "11", "11"],
    [["4"], "4", "4"],
    [["ArrowRight", "x"], "x", "x"],
    [["ArrowRight", "e", "b", "Enter"], "eb", "eb"],
    // "1" could still become "10": no message until it cannot.
    [["1"], null, "1"],
  ])("%j says %j and keeps the edit %j", (keys, message, edit) => {
    const out = run(keys);
    expect(out.message).toBe(message);
    expect(out.edit).toBe(edit);
    expect(out.values[0]).toEqual([null, "B", null]);
  });

  it("stays in its cell until fixed or dropped, and Tab does not leave with it", () => {
    const stuck = run(["1", "1", "ArrowRight", "Tab"]);
    expect(stuck.focus).toEqual([0, 0]);
    expect(stuck.passedThrough).toEqual([]);
    const fixed = run(["1", "1", "Backspace", "0", "Enter"]);
    expect(fixed.values[0]![0]).toBe("10");
    expect(fixed.message).toBeNull();
    const dropped = run(["1", "1", "Escape"]);
    expect(dropped.message).toBeNull();
    expect(dropped.values[0]![0]).toBeNull();
  });
});

describe("undo", () => {
  it("Ctrl+Z asks for the last change back; inside an edit it drops the edit", () => {
    expect(run(["9", "Enter", "Ctrl+z"]).undos).toBe(1);
    const inEdit = run(["9", "Ctrl+z"]);
    expect(inEdit.undos).toBe(0);
    expect(inEdit.edit).toBeNull();
    expect(inEdit.values[0]![0]).toBeNull();
  });
});
