import type { GroupPoints, PointAwardBody, PointAwardResult, StudentPoints } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { studentFileKey } from "../../student-file/index.ts";

/**
 * Every points query of the school: an award or a deletion refreshes ledgers and group views alike, and the open
 * file (its Points tab counts the entries).
 */
export const pointsKey = (schoolId: string | null) => ["points", schoolId] as const;

const periodQuery = (periodId: number | null | undefined) => (periodId ? `?period_id=${periodId}` : "");

/** A student's balances and the school year's ledger (GET /api/students/:id/points). */
export function useStudentPoints(studentId: number, periodId?: number | null) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...pointsKey(schoolId), "student", studentId, periodId ?? null],
    queryFn: ({ signal }) =>
      api<{ data: { points: StudentPoints } }>(`/api/students/${studentId}/points${periodQuery(periodId)}`, {
        signal,
      }).then((r) => r.data.points),
    staleTime: 15_000,
  });
}

/** A group's students with their balances, by name (GET /api/groups/:id/points). */
export function useGroupPoints(groupId: number, periodId: number | null) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...pointsKey(schoolId), "group", groupId, periodId],
    queryFn: ({ signal }) =>
      api<{ data: { points: GroupPoints } }>(`/api/groups/${groupId}/points${periodQuery(periodId)}`, {
        signal,
      }).then((r) => r.data.points),
    staleTime: 15_000,
  });
}

/** What the award dialog sends: `kind` decides the sign on the server. */
export type AwardInput = Omit<PointAwardBody, "kind"> & { kind: PointAwardBody["kind"] };

/** Sent with the award dialog's idempotency key: a double click or a retry makes one award. */
export const giveAward = (body: AwardInput, key?: string) =>
  api<{ data: { award: PointAwardResult } }>("/api/point-awards", { method: "POST", body, idempotencyKey: key }).then(
    (r) => r.data.award,
  );

export const deleteAward = (id: number) => api(`/api/point-awards/${id}`, { method: "DELETE" });

export function useGiveAward(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({ ...o, call: giveAward, invalidates: [pointsKey(schoolId), studentFileKey(schoolId)] });
}

export function useDeleteAward(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({ ...o, call: deleteAward, invalidates: [pointsKey(schoolId), studentFileKey(schoolId)] });
}
