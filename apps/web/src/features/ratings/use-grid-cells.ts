import type { Grid, RatingCell, ScaleDefinition } from "@convive/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSession } from "../../lib/session.ts";
import { patchGrids } from "./api/ratings.ts";
import { type CellStatus, cellId, saveQueue, useSaveQueue } from "./save-queue.ts";

/** What one cell shows: the value (typed and waiting, or the server's), its save state and who/when. */
export interface CellView {
  value: string | null;
  status: CellStatus | null;
  error: string | null;
  offline: boolean;
  rated: RatingCell | null;
  definition: ScaleDefinition | undefined;
}

/**
 * The grid's cells as the teacher sees them: what the server holds, overlaid with what was typed and is still on
 * its way (or failed), from the save queue kept in local storage.
 */
export function useGridCells(grid: Grid | undefined) {
  const client = useQueryClient();
  const { schoolId, userId } = useSession();
  const queue = useMemo(() => saveQueue(schoolId, userId), [schoolId, userId]);
  const onSaved = useCallback(
    (cell: RatingCell | null, key: { student_id: number; period_id: number; measure_id: number }) =>
      patchGrids(client, schoolId, key.period_id, cell ? [cell] : [], cell ? [] : [key]),
    [client, schoolId],
  );
  const { cells, saved } = useSaveQueue(queue, onSaved);

  const definitions = useMemo(() => {
    const map = new Map<number, ScaleDefinition>();
    for (const v of grid?.versions ?? []) map.set(v.id, v.definition);
    for (const m of grid?.measures ?? []) map.set(m.scale.version_id, m.scale.definition);
    return map;
  }, [grid]);

  const view = useCallback(
    (studentId: number, measureId: number): CellView => {
      const periodId = grid?.period.id ?? 0;
      const id = cellId({ student_id: studentId, period_id: periodId, measure_id: measureId });
      const queued = cells.get(id);
      const rated =
        grid?.students.find((s) => s.id === studentId)?.ratings.find((r) => r.measure_id === measureId) ?? null;
      const current = grid?.measures.find((m) => m.id === measureId)?.scale;
      if (queued) {
        return {
          value: queued.value,
          status: queued.status,
          error: queued.error,
          offline: queued.offline,
          rated: null,
          definition: current?.definition,
        };
      }
      return {
        value: rated?.value ?? null,
        status: saved.has(id) ? "saved" : null,
        error: null,
        offline: false,
        rated,
        definition: rated ? definitions.get(rated.scale_version_id) : current?.definition,
      };
    },
    [grid, cells, saved, definitions],
  );

  const put = useCallback(
    (studentId: number, measureId: number, value: string | null) => {
      if (!grid) return;
      queue.put({ student_id: studentId, period_id: grid.period.id, measure_id: measureId }, value);
    },
    [grid, queue],
  );

  const mine = grid ? [...cells.values()].filter((c) => c.period_id === grid.period.id) : [];
  return {
    view,
    put,
    retry: (studentId: number, measureId: number) =>
      grid && queue.retry(cellId({ student_id: studentId, period_id: grid.period.id, measure_id: measureId })),
    retryAll: () => queue.flush(),
    pending: mine.filter((c) => c.status === "saving").length,
    failed: mine.filter((c) => c.status === "failed").length,
  };
}

export type GridCells = ReturnType<typeof useGridCells>;
