import type {
  BulkResult,
  Completion,
  FamilyRatings,
  Grid,
  PublicationPreview,
  PublishResult,
  RatingCell,
  RatingComment,
  RatingOptions,
  RatingPeriod,
} from "@convive/domain";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

/** Every ratings query of the school; the grid's labels follow the language, so it is part of their keys. */
export const ratingsKey = (schoolId: string | null) => ["ratings", schoolId] as const;
const optionsKey = (schoolId: string | null) => [...ratingsKey(schoolId), "options"] as const;
export const gridsKey = (schoolId: string | null) => [...ratingsKey(schoolId), "grid"] as const;
const gridKey = (schoolId: string | null, groupId: number, periodId: number, language: string) =>
  [...gridsKey(schoolId), groupId, periodId, language] as const;

export function useRatingOptions() {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: optionsKey(schoolId),
    queryFn: () => api<{ data: { options: RatingOptions } }>("/api/ratings/options").then((r) => r.data.options),
  });
}

export function useGrid(groupId: number | null, periodId: number | null, language: string) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: gridKey(schoolId, groupId ?? 0, periodId ?? 0, language),
    queryFn: () =>
      api<{ data: { grid: Grid } }>(`/api/ratings/grid?group_id=${groupId}&period_id=${periodId}`).then(
        (r) => r.data.grid,
      ),
    enabled: groupId !== null && periodId !== null,
  });
}

export function useCompletion(periodId: number | null, enabled: boolean) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...ratingsKey(schoolId), "completion", periodId],
    queryFn: () =>
      api<{ data: { completion: Completion } }>(`/api/ratings/completion?period_id=${periodId}`).then(
        (r) => r.data.completion,
      ),
    enabled: enabled && periodId !== null,
  });
}

export function useFamilyRatings(language: string) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...ratingsKey(schoolId), "family", language],
    queryFn: () => api<{ data: FamilyRatings }>("/api/ratings/family").then((r) => r.data),
  });
}

export interface CellKey {
  student_id: number;
  period_id: number;
  measure_id: number;
}

/** One cell to the server: a value (PUT) or its clearing (DELETE). */
export function sendCell(key: CellKey, value: string | null): Promise<RatingCell | null> {
  if (value === null) {
    const query = `student_id=${key.student_id}&period_id=${key.period_id}&measure_id=${key.measure_id}`;
    return api(`/api/ratings/cells?${query}`, { method: "DELETE" }).then(() => null);
  }
  return api<{ data: { rating: RatingCell } }>("/api/ratings/cells", {
    method: "PUT",
    body: { ...key, value },
  }).then((r) => r.data.rating);
}

/** Writes saved cells (or a cleared one) into every cached grid of the period, without a refetch. */
export function patchGrids(
  client: QueryClient,
  schoolId: string | null,
  periodId: number,
  cells: RatingCell[],
  cleared: CellKey[] = [],
) {
  client.setQueriesData<Grid>({ queryKey: gridsKey(schoolId) }, (grid) => {
    if (!grid || grid.period.id !== periodId) return grid;
    return {
      ...grid,
      students: grid.students.map((student) => {
        const mine = cells.filter((c) => c.student_id === student.id);
        const gone = cleared.filter((c) => c.student_id === student.id);
        if (mine.length === 0 && gone.length === 0) return student;
        const keep = student.ratings.filter(
          (r) => !mine.some((c) => c.measure_id === r.measure_id) && !gone.some((c) => c.measure_id === r.measure_id),
        );
        return { ...student, ratings: [...keep, ...mine] };
      }),
    };
  });
}

/** A fill or a copy writes many cells; the answer patches the cached grids in place. */
function useBulk(path: string, o?: SaveOptions) {
  const client = useQueryClient();
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (body: Record<string, unknown> & { period_id: number }) =>
      api<{ data: { result: BulkResult } }>(path, { method: "POST", body }).then((r) => r.data.result),
    update: (result, body) => patchGrids(client, schoolId, body.period_id, result.ratings),
  });
}

export const useFillColumn = (o?: SaveOptions) => useBulk("/api/ratings/fill", o);
export const useCopyPrevious = (o?: SaveOptions) => useBulk("/api/ratings/copy-previous", o);

export function useSaveComment(o?: SaveOptions) {
  const client = useQueryClient();
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (body: { student_id: number; period_id: number; text: string; visible_to_family: boolean }) =>
      api<{ data: { comment: RatingComment | null } }>("/api/ratings/comments", { method: "PUT", body }).then(
        (r) => r.data.comment,
      ),
    update: (comment, body) =>
      client.setQueriesData<Grid>({ queryKey: gridsKey(schoolId) }, (grid) =>
        grid && grid.period.id === body.period_id
          ? {
              ...grid,
              students: grid.students.map((s) => (s.id === body.student_id ? { ...s, comment } : s)),
            }
          : grid,
      ),
  });
}

/** Reopen, close or publish a period: the options, the grids and the completion read it again. */
export function usePeriodAction(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: ({ periodId, action, until }: { periodId: number; action: "reopen" | "close"; until?: string }) =>
      api<{ data: { period?: RatingPeriod } }>(`/api/ratings/periods/${periodId}/${action}`, {
        method: "POST",
        body: action === "reopen" ? { until } : undefined,
      }).then((r) => r.data),
    invalidates: [ratingsKey(schoolId)],
  });
}

/** The publish dialog's groups (issue 26 §1): students, missing grades, publication and a family's view of one. */
export function usePublication(periodId: number, enabled: boolean, groupIds?: number[]) {
  const { schoolId } = useSession();
  const query = groupIds ? `?group_ids=${groupIds.join(",")}` : "";
  return useQuery({
    queryKey: [...ratingsKey(schoolId), "publication", periodId, groupIds?.join(",") ?? "all"],
    queryFn: () =>
      api<{ data: { preview: PublicationPreview } }>(`/api/ratings/periods/${periodId}/publication${query}`).then(
        (r) => r.data.preview,
      ),
    enabled,
    // While a publication waits for its window, its state changes at notify_at: read it again now and then.
    refetchInterval: (q) => (q.state.data?.groups.some((g) => g.publication?.can_unpublish) ? 30_000 : false),
  });
}

/** Publishes groups (confirmEmpty: even with grades missing) or unpublishes them within the window. */
export function usePublishAction(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (v: { periodId: number; action: "publish" | "unpublish"; groupIds: number[]; confirmEmpty?: boolean }) =>
      api<{ data: PublishResult | { preview: PublicationPreview } }>(`/api/ratings/periods/${v.periodId}/${v.action}`, {
        method: "POST",
        body:
          v.action === "publish"
            ? { group_ids: v.groupIds, confirmEmpty: v.confirmEmpty ?? false }
            : { group_ids: v.groupIds },
      }).then((r) => r.data),
    invalidates: [ratingsKey(schoolId)],
  });
}
