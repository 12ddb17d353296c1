import type {
  CreateReferralBody,
  FollowUpBody,
  Referral,
  ReferralFollowUp,
  ReferralList,
  StudentReferrals,
  TrainerType,
  UpdateReferralBody,
} from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { type SaveOptions, useSave } from "../../lib/use-save.ts";
import { studentFileKey } from "../student-file/index.ts";

/** Every external-support query of the school: a change refreshes them all and the open file (its tab counts). */
export const supportKey = (schoolId: string | null) => ["external-support", schoolId] as const;

export function useStudentReferrals(studentId: number) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...supportKey(schoolId), "student", studentId],
    queryFn: ({ signal }) =>
      api<{ data: StudentReferrals }>(`/api/students/${studentId}/referrals`, { signal }).then((r) => r.data),
  });
}

export function useReferral(id: number | null) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...supportKey(schoolId), "referral", id],
    queryFn: ({ signal }) => api<{ data: Referral }>(`/api/referrals/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
  });
}

export function useTrainerTypes(enabled = true) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...supportKey(schoolId), "types"],
    queryFn: ({ signal }) => api<{ data: TrainerType[] }>("/api/trainer-types", { signal }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}

export interface ReferralFilters {
  status: "open" | "closed" | "all";
  due: boolean;
  q: string;
}

export function useReferralList(filters: ReferralFilters) {
  const { schoolId } = useSession();
  const params = new URLSearchParams({ status: filters.status, limit: "100" });
  if (filters.due) params.set("due", "true");
  if (filters.q.trim()) params.set("q", filters.q.trim());
  return useQuery({
    queryKey: [...supportKey(schoolId), "list", filters],
    queryFn: ({ signal }) => api<{ data: ReferralList }>(`/api/referrals?${params}`, { signal }).then((r) => r.data),
  });
}

export interface NewReferral extends CreateReferralBody {
  studentId: number;
}

export function useCreateReferral(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: ({ studentId, ...body }: NewReferral, key: string) =>
      api<{ data: Referral }>(`/api/students/${studentId}/referrals`, {
        method: "POST",
        body,
        idempotencyKey: key,
      }).then((r) => r.data),
    invalidates: [supportKey(schoolId), studentFileKey(schoolId)],
  });
}

export function useUpdateReferral(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: ({ id, ...body }: UpdateReferralBody & { id: number }) =>
      api<{ data: Referral }>(`/api/referrals/${id}`, { method: "PATCH", body }).then((r) => r.data),
    invalidates: [supportKey(schoolId)],
  });
}

export function useAddFollowUp(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: ({ id, ...body }: FollowUpBody & { id: number }, key: string) =>
      api<{ data: ReferralFollowUp }>(`/api/referrals/${id}/follow-ups`, {
        method: "POST",
        body,
        idempotencyKey: key,
      }).then((r) => r.data),
    invalidates: [supportKey(schoolId)],
  });
}
