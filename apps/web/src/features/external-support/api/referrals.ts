import type {
  CreateReferralBody,
  FollowUpBody,
  Referral,
  ReferralFollowUp,
  ReferralList,
  StudentReferrals,
  UpdateReferralBody,
} from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { studentFileKey } from "../../student-file/index.ts";
import { type ReferralFilters, referralListQuery } from "../list-query.ts";

/**
 * Every external-support query of the school: a change refreshes them all and the open file (its tab's count). The
 * server labels trainer types and groups in the reader's language, so each language has its own entries.
 */
export const supportKey = (schoolId: string | null) => ["external-support", schoolId] as const;

export function useSupportKeys() {
  const { schoolId } = useSession();
  const language = useTranslation().i18n.resolvedLanguage ?? "es";
  const root = supportKey(schoolId);
  return { schoolId, root, scoped: [...root, language] as const };
}

/** A student's referrals (newest first), whether the reader may open one, and the family's consent now. */
export function useStudentReferrals(studentId: number | null) {
  const { scoped } = useSupportKeys();
  return useQuery({
    queryKey: [...scoped, "student", studentId],
    queryFn: ({ signal }) =>
      api<{ data: StudentReferrals }>(`/api/students/${studentId}/referrals`, { signal }).then((r) => r.data),
    enabled: studentId !== null,
    staleTime: 15_000,
  });
}

/** One referral with its follow-up (fresh on every opening: another counsellor may have added to it). */
export function useReferral(id: number | null) {
  const { scoped } = useSupportKeys();
  return useQuery({
    queryKey: [...scoped, "referral", id],
    queryFn: ({ signal }) => api<{ data: Referral }>(`/api/referrals/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The school's referrals for the support screen (open first, due reviews on top), a page at a time. */
export function useReferralList(filters: ReferralFilters, page: number) {
  const { scoped } = useSupportKeys();
  const query = referralListQuery(filters, page);
  return useQuery<ReferralList>({
    queryKey: [...scoped, "list", query],
    queryFn: ({ signal }) => api<{ data: ReferralList }>(`/api/referrals?${query}`, { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export interface NewReferral extends CreateReferralBody {
  studentId: number;
}

/** Opens a referral once however often Save is pressed (the submission's idempotency key). */
export function useCreateReferral(o?: SaveOptions) {
  const { root, schoolId } = useSupportKeys();
  return useSave({
    ...o,
    call: ({ studentId, ...body }: NewReferral, key: string) =>
      api<{ data: Referral }>(`/api/students/${studentId}/referrals`, {
        method: "POST",
        body,
        idempotencyKey: key,
      }).then((r) => r.data),
    invalidates: [root, studentFileKey(schoolId)],
  });
}

export type ReferralChange = UpdateReferralBody & { id: number };

/** A status, outcome, next review or any field of the referral. */
export function useUpdateReferral(o?: SaveOptions) {
  const { root } = useSupportKeys();
  return useSave({
    ...o,
    call: ({ id, ...body }: ReferralChange) =>
      api<{ data: Referral }>(`/api/referrals/${id}`, { method: "PATCH", body }).then((r) => r.data),
    invalidates: [root],
  });
}

export type NewFollowUp = FollowUpBody & { referralId: number };

/** A follow-up entry (internal ones are staff-only), with the files already uploaded. */
export function useAddFollowUp(o?: SaveOptions) {
  const { root } = useSupportKeys();
  return useSave({
    ...o,
    call: ({ referralId, ...body }: NewFollowUp, key: string) =>
      api<{ data: ReferralFollowUp }>(`/api/referrals/${referralId}/follow-ups`, {
        method: "POST",
        body,
        idempotencyKey: key,
      }).then((r) => r.data),
    invalidates: [root],
  });
}
