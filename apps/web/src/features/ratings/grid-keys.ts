import type { ScaleDefinition } from "@convive/domain";
import { clamp, interpret } from "./typing.ts";

/**
 * The ratings grid's keyboard rules (issue 26 §3, the WAI-ARIA grid pattern) as a pure function, so they are tested
 * as a table of key sequences. One cell is active; Tab enters the grid on it and leaves it with the next Tab.
 *
 * - Arrows move one cell, Home/End to the row's first/last cell, Ctrl+Home/End to the grid's corners. Nothing wraps:
 *   at a row's end the arrow stays, so a teacher never lands in the next student's row by accident.
 * - Typing (a mark or a level's letter, the same for both) starts an edit of the active cell with what was typed; the
 *   cell keeps its value until the edit is committed by Enter (which then moves down), an arrow, Home/End or Tab
 *   (which also leave), so a stray key never overwrites. Escape drops the edit and the old value stays.
 * - A value off the scale is never cut short: the message quotes everything typed, and the edit stays to be fixed.
 * - Delete or Backspace outside an edit empties the cell; F2 edits the value already there; Ctrl+Z undoes the
 *   last change (a cell, or a filled column or copied period).
 *
 * Row -1 is the header row's column menus (when the grid is editable); column `cols` is the comment button.
 */

export interface Cursor {
  row: number;
  col: number;
  /** What is being typed into the active cell; null when no edit is open. */
  edit: string | null;
}

export interface GridShape {
  rows: number;
  /** Value columns; the comment column comes after them. */
  cols: number;
  editable: boolean;
  /** Whether the header row holds controls the arrows reach (the column menus). */
  header: boolean;
  scale: (col: number) => ScaleDefinition | undefined;
  value: (row: number, col: number) => string | null;
}

export interface KeyPress {
  key: string;
  shift?: boolean;
  /** Ctrl or ⌘. */
  ctrl?: boolean;
}

export type Effect =
  | { kind: "put"; row: number; col: number; value: string | null }
  | { kind: "invalid"; typed: string; col: number }
  | { kind: "valid" }
  | { kind: "undo" };

export interface Outcome {
  cursor: Cursor;
  effects: Effect[];
  /** The grid acted on the key (the browser's default is prevented); false lets it through (Tab leaves). */
  handled: boolean;
}

const isValueCell = (c: Cursor, s: GridShape) => c.row >= 0 && c.col < s.cols;

/** The edit written into its cell: nothing when none is open, empty or unchanged; refused when off the scale. */
export function commit(c: Cursor, s: GridShape): { ok: boolean; effects: Effect[] } {
  if (c.edit === null || !isValueCell(c, s)) return { ok: true, effects: [] };
  if (c.edit.trim() === "") return { ok: true, effects: [] };
  const scale = s.scale(c.col);
  const value = scale ? interpret(scale, c.edit).value : null;
  if (value === null) return { ok: false, effects: [{ kind: "invalid", typed: c.edit, col: c.col }] };
  const effects: Effect[] = [{ kind: "valid" }];
  if (value !== s.value(c.row, c.col)) effects.push({ kind: "put", row: c.row, col: c.col, value });
  return { ok: true, effects };
}

/** A cell in bounds: rows from the header (when it has controls) to the last student, no wrapping. */
function place(row: number, col: number, s: GridShape): Cursor {
  const top = s.header ? -1 : 0;
  const r = clamp(row - top, s.rows - 1 - top) + top;
  const lastCol = r === -1 ? s.cols - 1 : s.cols;
  return { row: r, col: clamp(col, lastCol), edit: null };
}

/** Commits the open edit, then moves; a refused edit keeps the cursor where it is. */
function moveTo(c: Cursor, s: GridShape, row: number, col: number): Outcome {
  const done = commit(c, s);
  if (!done.ok) return { cursor: c, effects: done.effects, handled: true };
  return { cursor: place(row, col, s), effects: done.effects, handled: true };
}

export function press(c: Cursor, k: KeyPress, s: GridShape): Outcome {
  const none: Outcome = { cursor: c, effects: [], handled: false };
  const editing = c.edit !== null;
  const lastRow = s.rows - 1;
  if (k.ctrl) {
    if (k.key === "Home") return moveTo(c, s, 0, 0);
    if (k.key === "End") return moveTo(c, s, lastRow, s.cols);
    if (k.key.toLowerCase() === "z") {
      if (editing) return { cursor: { ...c, edit: null }, effects: [{ kind: "valid" }], handled: true };
      return { cursor: c, effects: [{ kind: "undo" }], handled: true };
    }
    return none;
  }
  // The header row's menus: the arrows move between them and down into the grid; Enter and Space open them.
  if (c.row === -1 && !["ArrowLeft", "ArrowRight", "ArrowDown", "Home", "End"].includes(k.key)) return none;
  switch (k.key) {
    case "ArrowRight":
      return moveTo(c, s, c.row, c.col + 1);
    case "ArrowLeft":
      return moveTo(c, s, c.row, c.col - 1);
    case "ArrowDown":
      return moveTo(c, s, c.row + 1, c.col);
    case "ArrowUp":
      return moveTo(c, s, c.row - 1, c.col);
    case "Home":
      return moveTo(c, s, c.row, 0);
    case "End":
      return moveTo(c, s, c.row, s.cols);
    case "Tab": {
      // Out of the grid (the browser moves the focus) once what was typed is in its cell.
      const done = commit(c, s);
      return done.ok
        ? { cursor: { ...c, edit: null }, effects: done.effects, handled: false }
        : { cursor: c, effects: done.effects, handled: true };
    }
    case "Enter":
      // On the comment button Enter opens the comment, as the button does itself.
      if (!isValueCell(c, s)) return none;
      return moveTo(c, s, Math.min(c.row + 1, lastRow), c.col);
    case "Escape":
      return editing ? { cursor: { ...c, edit: null }, effects: [{ kind: "valid" }], handled: true } : none;
    case "F2":
      if (editing || !s.editable || !isValueCell(c, s)) return none;
      return { cursor: { ...c, edit: s.value(c.row, c.col) ?? "" }, effects: [], handled: true };
    case "Backspace":
    case "Delete": {
      if (!s.editable || !isValueCell(c, s)) return none;
      if (editing) {
        const edit = k.key === "Backspace" ? (c.edit ?? "").slice(0, -1) : "";
        return { cursor: { ...c, edit }, effects: [{ kind: "valid" }], handled: true };
      }
      const put: Effect[] =
        s.value(c.row, c.col) === null ? [] : [{ kind: "put", row: c.row, col: c.col, value: null }];
      return { cursor: c, effects: put, handled: true };
    }
  }
  if (k.key.length !== 1 || !s.editable || !isValueCell(c, s)) return none;
  // A space does not open an edit (nor scroll the page under the grid).
  if (k.key === " " && !editing) return { cursor: c, effects: [], handled: true };
  const edit = (c.edit ?? "") + k.key;
  const scale = s.scale(c.col);
  // Warned at once when nothing longer could be on the scale, quoting all of it; the edit stays to be fixed.
  const dead = !scale || interpret(scale, edit).dead;
  return {
    cursor: { ...c, edit },
    effects: [dead ? { kind: "invalid", typed: edit, col: c.col } : { kind: "valid" }],
    handled: true,
  };
}
