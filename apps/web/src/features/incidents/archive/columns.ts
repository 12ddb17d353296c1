import { useLocalStorage } from "@mantine/hooks";
import { useCallback, useMemo } from "react";

/** The archive table's columns a reader may show or hide; the folio (the row's link) always shows. */
export const ARCHIVE_COLUMNS = [
  "date",
  "students",
  "type",
  "category",
  "classification",
  "status",
  "group",
  "recorder",
] as const;
export type ArchiveColumn = (typeof ARCHIVE_COLUMNS)[number];

/**
 * What shows until the reader chooses (issue 12 §8): all but the category (under the type on a narrow window, in
 * its tooltip on a wide one); below 1100 px the classification steps aside too (it stays a filter, a sort and a
 * badge in the details), so status, group and recorder keep their room at 1024 px without scrolling sideways.
 */
export const defaultColumns = (narrow: boolean): ArchiveColumn[] =>
  ARCHIVE_COLUMNS.filter((c) => c !== "category" && !(narrow && c === "classification"));

/** A stored choice, read defensively: unknown names are dropped, the table's order kept; nothing valid is null. */
export function parseColumns(raw: unknown): ArchiveColumn[] | null {
  if (!Array.isArray(raw)) return null;
  const chosen = ARCHIVE_COLUMNS.filter((c) => raw.includes(c));
  return chosen.length > 0 ? chosen : null;
}

/**
 * The reader's own choice, per user in local storage (kept across sign-outs, like the language: it is a display
 * preference, not session data), shared live by their open tabs.
 */
export function useArchiveColumns(userId: number | null, narrow: boolean) {
  const [stored, setStored, removeStored] = useLocalStorage<unknown>({
    key: `archive_columns:${userId ?? "anonymous"}`,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  // A string, so the list keeps its identity from one render to the next while the choice stays the same.
  const chosen = parseColumns(stored)?.join(",") ?? null;
  const visible = useMemo(
    () => (chosen ? (chosen.split(",") as ArchiveColumn[]) : defaultColumns(narrow)),
    [chosen, narrow],
  );
  const choose = useCallback((columns: readonly ArchiveColumn[]) => setStored(parseColumns(columns)), [setStored]);
  return { visible, chosen: chosen !== null, choose, reset: removeStored };
}
