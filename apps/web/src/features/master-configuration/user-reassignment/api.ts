import type {
  HandoverKind,
  OpenWorkCount,
  ReassignmentBody,
  ReassignmentEntry,
  ReassignmentHistory,
  ReassignmentMember,
  ReassignmentPreview,
  UserWork,
} from "@convive/domain";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { MC, useMcKey } from "../shared/keys.ts";

export const HISTORY_PER_PAGE = 10;

/** GET /api/user-reassignment/members — staff, active or not, with their open work. */
export function useReassignmentMembers() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("user-reassignment", "members"),
    queryFn: ({ signal }) =>
      api<{ data: ReassignmentMember[] }>("/api/user-reassignment/members", { signal }).then((r) => r.data),
  });
}

/** GET /api/user-reassignment/members/:id/work — what the member still holds, kind by kind. */
export function useUserWork(userId: number | null) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("user-reassignment", "work", userId),
    queryFn: ({ signal }) =>
      api<{ data: UserWork }>(`/api/user-reassignment/members/${userId}/work`, { signal }).then((r) => r.data),
    enabled: userId !== null,
  });
}

/** GET /api/user-reassignment/history — the school's reassignments, newest first. */
export function useReassignmentHistory(page: number) {
  const key = useMcKey();
  return useQuery<ReassignmentHistory>({
    queryKey: key("user-reassignment", "history", page),
    queryFn: ({ signal }) =>
      api<{ data: ReassignmentHistory }>(`/api/user-reassignment/history?page=${page}&per_page=${HISTORY_PER_PAGE}`, {
        signal,
      }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/user-reassignment/preview — what applying would change (a read: it changes nothing). */
export function usePreview() {
  return useMutation({
    mutationFn: (body: ReassignmentBody) =>
      api<{ data: ReassignmentPreview }>("/api/user-reassignment/preview", { method: "POST", body }).then(
        (r) => r.data,
      ),
  });
}

/** POST /api/user-reassignment — hands the chosen work over, all or nothing. */
export const useApplyReassignment = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: ReassignmentBody, idempotencyKey: string) =>
      api<{ data: ReassignmentEntry }>("/api/user-reassignment", { method: "POST", body, idempotencyKey }).then(
        (r) => r.data,
      ),
    invalidates: MC,
  });

/** "1 grupo como titular, 2 materias…": the kinds with something, in words (the userReassignment namespace). */
export function workInWords(t: TFunction, counts: readonly OpenWorkCount[]) {
  return counts
    .filter((c) => c.count > 0)
    .map((c) => t(`userReassignment:counts.${c.kind}`, { count: c.count }))
    .join(", ");
}

export type Selection = Partial<Record<HandoverKind, string[]>>;
