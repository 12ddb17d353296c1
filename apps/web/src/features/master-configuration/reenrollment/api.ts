import type {
  ApplyReenrollmentBody,
  Reenrollment,
  ReenrollmentOverview,
  ReenrollmentPlanBody,
  ReenrollmentPreview,
} from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { MC, useMcKey } from "../shared/keys.ts";

/** GET /api/reenrollments — the current year, the years it can go into, the re-enrollments so far. */
export function useReenrollments() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("reenrollments"),
    queryFn: ({ signal }) => api<{ data: ReenrollmentOverview }>("/api/reenrollments", { signal }).then((r) => r.data),
    // While an apply runs, its progress bar follows the job.
    refetchInterval: (query) =>
      query.state.data?.reenrollments.some((r) => r.status === "queued" || r.status === "applying") ? 500 : false,
  });
}

/** POST /api/reenrollments/preview — every student's destination for the plan as it stands (writes nothing). */
export function useReenrollmentPreview(body: ReenrollmentPlanBody | null) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("reenrollments", "preview", body),
    queryFn: ({ signal }) =>
      api<{ data: ReenrollmentPreview }>("/api/reenrollments/preview", { method: "POST", body, signal }).then(
        (r) => r.data,
      ),
    enabled: body !== null,
  });
}

/** POST /api/reenrollments — applies the plan (a job: the overview then follows its progress). */
export function useApplyReenrollment(o?: SaveOptions) {
  return useSave({
    ...o,
    call: (body: ApplyReenrollmentBody, idempotencyKey) =>
      api<{ data: { reenrollment: Reenrollment } }>("/api/reenrollments", {
        method: "POST",
        body,
        idempotencyKey,
      }).then((r) => r.data.reenrollment),
    invalidates: MC,
  });
}

/** POST /api/reenrollments/:id/undo. */
export function useUndoReenrollment() {
  return useSave({
    call: (id: number, idempotencyKey) =>
      api<{ data: { reenrollment: Reenrollment } }>(`/api/reenrollments/${id}/undo`, {
        method: "POST",
        idempotencyKey,
      }).then((r) => r.data.reenrollment),
    invalidates: MC,
  });
}
