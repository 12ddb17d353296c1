import type {
  ConditionBody,
  ConditionedEnrollmentBody,
  ConditionType,
  MonitoredList,
  StudentAdjustments,
  StudentInclusion,
  UpdateConditionBody,
  UpdateConditionedEnrollmentBody,
} from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { type SaveOptions, useSave } from "../../lib/use-save.ts";
import { studentFileKey } from "../student-file/index.ts";

/** Every inclusion query of the school: a change refreshes them all and the open file (its tab counts). */
export const inclusionKey = (schoolId: string | null) => ["inclusion", schoolId] as const;

export function useStudentInclusion(studentId: number) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...inclusionKey(schoolId), "student", studentId],
    queryFn: ({ signal }) =>
      api<{ data: StudentInclusion }>(`/api/students/${studentId}/inclusion`, { signal }).then((r) => r.data),
  });
}

export function useAdjustments(studentId: number | null) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...inclusionKey(schoolId), "adjustments", studentId],
    queryFn: ({ signal }) =>
      api<{ data: StudentAdjustments }>(`/api/students/${studentId}/adjustments`, { signal }).then((r) => r.data),
    enabled: studentId !== null,
  });
}

export function useConditionTypes() {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...inclusionKey(schoolId), "types"],
    queryFn: ({ signal }) => api<{ data: ConditionType[] }>("/api/condition-types", { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

export function useMonitored(filters: { q: string; due: boolean }) {
  const { schoolId } = useSession();
  const params = new URLSearchParams({ limit: "100" });
  if (filters.due) params.set("due", "true");
  if (filters.q.trim()) params.set("q", filters.q.trim());
  return useQuery({
    queryKey: [...inclusionKey(schoolId), "monitored", filters],
    queryFn: ({ signal }) =>
      api<{ data: MonitoredList }>(`/api/inclusion/monitored?${params}`, { signal }).then((r) => r.data),
  });
}

type Saved = { data: StudentInclusion };

function useInclusionSave<V>(o: SaveOptions | undefined, call: (v: V, key: string) => Promise<Saved>) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (v: V, key: string) => call(v, key).then((r) => r.data),
    invalidates: [inclusionKey(schoolId), studentFileKey(schoolId)],
  });
}

export const useCreateCondition = (o?: SaveOptions) =>
  useInclusionSave(o, ({ studentId, ...body }: ConditionBody & { studentId: number }, key) =>
    api<Saved>(`/api/students/${studentId}/conditions`, { method: "POST", body, idempotencyKey: key }),
  );

export const useUpdateCondition = (o?: SaveOptions) =>
  useInclusionSave(o, ({ id, ...body }: UpdateConditionBody & { id: number }) =>
    api<Saved>(`/api/conditions/${id}`, { method: "PATCH", body }),
  );

export const useCreateEnrollment = (o?: SaveOptions) =>
  useInclusionSave(o, ({ studentId, ...body }: ConditionedEnrollmentBody & { studentId: number }, key) =>
    api<Saved>(`/api/students/${studentId}/conditioned-enrollments`, { method: "POST", body, idempotencyKey: key }),
  );

export const useUpdateEnrollment = (o?: SaveOptions) =>
  useInclusionSave(o, ({ id, ...body }: UpdateConditionedEnrollmentBody & { id: number }) =>
    api<Saved>(`/api/conditioned-enrollments/${id}`, { method: "PATCH", body }),
  );

export const useAcknowledgeLetter = (o?: SaveOptions) =>
  useInclusionSave(o, ({ id, comment }: { id: number; comment: string }, key) =>
    api<Saved>(`/api/conditioned-enrollments/${id}/acknowledge`, {
      method: "POST",
      body: { comment },
      idempotencyKey: key,
    }),
  );
