import type { Grid, RatingCell } from "@convive/domain";
import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import type { GridCells } from "./use-grid-cells.ts";

/** One cell's change: what it held before and what it was set to. */
export interface Change {
  student_id: number;
  measure_id: number;
  before: string | null;
  after: string | null;
}

/** Long enough to read the toast and reach its button; a change older than that is still undone with Ctrl+Z. */
const UNDO_TOAST_MS = 10_000;
const KEPT = 50;

const key = (studentId: number, measureId: number) => `${studentId}:${measureId}`;

/**
 * Undo for the grid (issue 26 §3): every change — a cell typed or emptied, a column filled, a period copied — is kept
 * as a list of cells with their values before. Undoing writes those values back through the save queue, the same
 * path a typed cell takes (so it is kept offline and retried like any other); a cell changed again since is left as
 * it is, so an undo never overwrites a later value by surprise.
 */
export function useUndo(grid: Grid, cells: GridCells) {
  const { t } = useTranslation("ratings");
  const stack = useRef<Change[][]>([]);
  // The toast's button is pressed after later renders: it reads the cells as they are then.
  const latest = useRef(cells);
  latest.current = cells;

  const restore = (changes: Change[]) => {
    let restored = 0;
    for (const c of changes) {
      if (latest.current.view(c.student_id, c.measure_id).value !== c.after) continue;
      latest.current.put(c.student_id, c.measure_id, c.before);
      restored++;
    }
    return restored;
  };
  const record = (changes: Change[]) => {
    if (changes.length === 0) return;
    stack.current = [...stack.current.slice(-(KEPT - 1)), changes];
  };
  const undo = (changes: Change[]) => {
    stack.current = stack.current.filter((entry) => entry !== changes);
    toast("info", t("undo.done", { count: restore(changes) }));
  };

  return {
    record,
    /** Ctrl+Z: the newest change back. */
    undoLast: () => {
      const last = stack.current.at(-1);
      if (last) undo(last);
    },
    /** Every cell's value now, to compare a fill or copy's answer with. */
    snapshot: () => {
      const values = new Map<string, string | null>();
      for (const s of grid.students)
        for (const m of grid.measures) values.set(key(s.id, m.id), latest.current.view(s.id, m.id).value);
      return values;
    },
    /** After a column-wide or period-wide change: keeps it and offers "Deshacer / Undo" in a toast. */
    offer: (before: Map<string, string | null>, ratings: RatingCell[], message: string) => {
      const changes = ratings
        .map((r) => ({
          student_id: r.student_id,
          measure_id: r.measure_id,
          before: before.get(key(r.student_id, r.measure_id)) ?? null,
          after: r.value,
        }))
        .filter((c) => c.before !== c.after);
      if (changes.length === 0) {
        toast("success", message);
        return;
      }
      record(changes);
      const id = notifications.show({
        color: "teal",
        withBorder: true,
        autoClose: UNDO_TOAST_MS,
        message: (
          <Group gap="sm" justify="space-between" wrap="nowrap">
            <Text fz="sm">{message}</Text>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => {
                notifications.hide(id);
                undo(changes);
              }}
            >
              {t("undo.action")}
            </Button>
          </Group>
        ),
      });
    },
  };
}

export type Undo = ReturnType<typeof useUndo>;
