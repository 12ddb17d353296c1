import type {
  ConditionBody,
  ConditionedEnrollmentBody,
  StudentAdjustments,
  StudentInclusion,
  UpdateConditionBody,
  UpdateConditionedEnrollmentBody,
} from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { studentFileKey } from "../../student-file/index.ts";
import { inclusionKey } from "./keys.ts";

/** GET /api/students/:id/inclusion — conditions and conditioned enrollments (a family: without internal notes). */
export function useStudentInclusion(studentId: number) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...inclusionKey(schoolId), "student", studentId],
    queryFn: ({ signal }) =>
      api<{ data: StudentInclusion }>(`/api/students/${studentId}/inclusion`, { signal }).then((r) => r.data),
  });
}

/** GET /api/students/:id/adjustments — the teacher's one click: the adjustments only, nothing behind them. */
export function useAdjustments(studentId: number) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...inclusionKey(schoolId), "adjustments", studentId],
    queryFn: ({ signal }) =>
      api<{ data: StudentAdjustments }>(`/api/students/${studentId}/adjustments`, { signal }).then((r) => r.data),
  });
}

type Saved = { data: StudentInclusion };

/** Every write answers the student's whole record; it refreshes the inclusion queries and the open file. */
function useInclusionSave<V>(o: SaveOptions | undefined, call: (v: V, key: string) => Promise<Saved>) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (v: V, key: string) => call(v, key).then((r) => r.data),
    invalidates: [inclusionKey(schoolId), studentFileKey(schoolId)],
  });
}

export type NewCondition = ConditionBody & { studentId: number };
export type ConditionChange = UpdateConditionBody & { id: number };
export type NewEnrollment = ConditionedEnrollmentBody & { studentId: number };
export type EnrollmentChange = UpdateConditionedEnrollmentBody & { id: number };

export const useCreateCondition = (o?: SaveOptions) =>
  useInclusionSave(o, ({ studentId, ...body }: NewCondition, key) =>
    api<Saved>(`/api/students/${studentId}/conditions`, { method: "POST", body, idempotencyKey: key }),
  );

export const useUpdateCondition = (o?: SaveOptions) =>
  useInclusionSave(o, ({ id, ...body }: ConditionChange) =>
    api<Saved>(`/api/conditions/${id}`, { method: "PATCH", body }),
  );

export const useCreateEnrollment = (o?: SaveOptions) =>
  useInclusionSave(o, ({ studentId, ...body }: NewEnrollment, key) =>
    api<Saved>(`/api/students/${studentId}/conditioned-enrollments`, { method: "POST", body, idempotencyKey: key }),
  );

export const useUpdateEnrollment = (o?: SaveOptions) =>
  useInclusionSave(o, ({ id, ...body }: EnrollmentChange) =>
    api<Saved>(`/api/conditioned-enrollments/${id}`, { method: "PATCH", body }),
  );

/** POST …/acknowledge — the family member's "Enterado y de acuerdo" on the carta compromiso. */
export const useAcknowledgeLetter = (o?: SaveOptions) =>
  useInclusionSave(o, ({ id, comment }: { id: number; comment: string }, key) =>
    api<Saved>(`/api/conditioned-enrollments/${id}/acknowledge`, {
      method: "POST",
      body: { comment },
      idempotencyKey: key,
    }),
  );
