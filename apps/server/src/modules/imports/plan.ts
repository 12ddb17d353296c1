import {
  type ErrorCode,
  type ImportColumn,
  type ImportCounts,
  type ImportRowError,
  isCleanLine,
  isCleanText,
  type Language,
} from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { render } from "../../plugins/errors.ts";
import type { PendingMail } from "../invitations/index.ts";
import { fold } from "./cells.ts";
import { headerOf, type Table } from "./sheets.ts";

/**
 * The rows of a plan, giving the event loop a turn every `every` rows: checking 50 000 rows takes the main thread
 * about a second, and other schools' calls must not wait behind it (issue 9).
 */
export async function* rowsWithBreaks<T>(rows: readonly T[], every = 1_000): AsyncGenerator<T> {
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % every === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    yield rows[i]!;
  }
}

/** One problem found in one row (column null: the row as a whole). */
export interface Issue {
  row: number;
  column: string | null;
  code: ErrorCode;
  params?: Record<string, string | number>;
  /** The accepted values, per language, for INVALID_OPTION and the like. */
  allowed?: { es: string; en: string };
}

/** A row by column key. */
export interface Row {
  number: number;
  get: (key: string) => string;
}

/**
 * What a file would do: its problems, its counts, and how to write it. Plans are built inside the commit's
 * transaction a second time, so nothing checked in the dry run can have changed by the time rows are written.
 */
export interface Plan {
  total: number;
  issues: Issue[];
  counts: ImportCounts;
  write: (tx: Tx, progress: (rowsDone: number) => void) => Promise<void>;
  /** Existing accounts that gained a membership or a link (their cached payloads must drop). */
  touchedUserIds: () => number[];
  /** Invitations written by `write`, to e-mail once the transaction has committed. */
  mails?: () => PendingMail[];
}

/** Who imports, for the invitations a file makes: their language (for addresses without an account) and id. */
export interface PlanContext {
  language: Language;
  invitedBy: number | null;
}

export const emptyCounts = (rows: number): ImportCounts => ({
  rows,
  invitations: 0,
  students_created: 0,
  family_links_created: 0,
});

/** Rows big enough to be quick, small enough to stay under PostgreSQL's 65 535 parameters per statement. */
export const CHUNK = 1_000;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Matches the file's headers to the template's columns (either language, or the key; any case or accents). */
export function rowsOf(table: Table, columns: readonly ImportColumn[], lang: Language): Row[] {
  const index = new Map<string, number>();
  table.headers.forEach((header, i) => {
    const folded = fold(header);
    const column = columns.find((c) => folded === c.key || folded === fold(c.es) || folded === fold(c.en));
    if (column && !index.has(column.key)) index.set(column.key, i);
  });
  const missing = columns.filter((c) => c.required && !index.has(c.key));
  if (missing.length > 0) {
    const names = missing.map((c) => headerOf(c, lang).replace(" *", "")).join(", ");
    throw new AppError("IMPORT_MISSING_COLUMNS", undefined, { columns: names });
  }
  return table.rows.map((r) => ({
    number: r.number,
    get: (key: string) => {
      const i = index.get(key);
      return i === undefined ? "" : (r.cells[i] ?? "");
    },
  }));
}

/** Longest value a column takes; the forms allow the same. */
const MAX_LENGTH: Record<string, number> = {
  observations: 2000,
  email: 254,
  first_name: 80,
  paternal_surname: 80,
  maternal_surname: 80,
};

/** Columns typed in a text area in the forms: line breaks and tabs are text there. */
const MULTILINE = new Set(["observations"]);

/**
 * Adds EMPTY_FIELDS for each required column left blank, VALIDATION for an over-long value and CONTROL_CHARACTERS
 * as the forms would (a file is not checked by a request schema); true when fine.
 */
export function requireCells(row: Row, columns: readonly ImportColumn[], issues: Issue[]): boolean {
  let ok = true;
  for (const c of columns) {
    const value = row.get(c.key);
    if (c.required && value === "") {
      issues.push({ row: row.number, column: c.key, code: "EMPTY_FIELDS" });
      ok = false;
    } else if (value.length > (MAX_LENGTH[c.key] ?? 120)) {
      issues.push({ row: row.number, column: c.key, code: "VALIDATION" });
      ok = false;
    } else if (!(MULTILINE.has(c.key) ? isCleanText : isCleanLine)(value)) {
      issues.push({ row: row.number, column: c.key, code: "CONTROL_CHARACTERS" });
      ok = false;
    }
  }
  return ok;
}

export const renderIssues = (issues: readonly Issue[], lang: Language): ImportRowError[] =>
  [...issues]
    .sort((a, b) => a.row - b.row)
    .map((i) => ({
      row: i.row,
      column: i.column,
      message: render(i.code, lang, { ...i.params, ...(i.allowed ? { allowed: i.allowed[lang] } : {}) }),
    }));

/** The invalid rows' count. */
export const invalidRows = (issues: readonly Issue[]) => new Set(issues.map((i) => i.row)).size;
