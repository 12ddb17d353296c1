import type { FamilyReadLog, RectificationAnswerBody, RectificationBody, RectificationList } from "@convive/domain";
import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, download } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { studentFileKey } from "../../student-file/index.ts";

/**
 * GET /api/students/:id/family-copy?format=pdf|json — the family's own copy of their child's data (issue 30 §3),
 * in the reader's language, downloaded as a file on every device (the server logs the request).
 */
export async function downloadFamilyCopy(studentId: number, format: "pdf" | "json") {
  const file = await download(`/api/students/${studentId}/family-copy?format=${format}`, {
    timeoutMs: REQUEST_TIMEOUT_MS.mobile,
  });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name ?? `convive.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return file.name;
}

export const FAMILY_READS_PER_PAGE = 10;

/** Who at the school opened the child's records, newest first (GET /api/students/:id/read-log/family). */
export function useFamilyReadLog(studentId: number, page: number) {
  const { schoolId } = useSession();
  return useQuery<FamilyReadLog>({
    queryKey: ["family-read-log", schoolId, studentId, page],
    queryFn: ({ signal }) =>
      api<{ data: FamilyReadLog }>(
        `/api/students/${studentId}/read-log/family?page=${page}&per_page=${FAMILY_READS_PER_PAGE}`,
        { signal },
      ).then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

const rectificationsKey = (schoolId: string | null) => ["rectifications", schoolId] as const;

/** The child's requests to correct data, with the school's answers (the family's and the Director's view). */
export function useRectifications(studentId: number) {
  const { schoolId } = useSession();
  return useQuery<RectificationList>({
    queryKey: [...rectificationsKey(schoolId), studentId],
    queryFn: ({ signal }) =>
      api<{ data: RectificationList }>(`/api/students/${studentId}/rectifications`, { signal }).then((r) => r.data),
    staleTime: 15_000,
  });
}

export interface NewRectification extends RectificationBody {
  studentId: number;
}

export const requestRectification = ({ studentId, ...body }: NewRectification, key?: string) =>
  api(`/api/students/${studentId}/rectifications`, { method: "POST", body, idempotencyKey: key });

export function useRequestRectification(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: requestRectification,
    invalidates: [rectificationsKey(schoolId), studentFileKey(schoolId)],
  });
}

export interface RectificationAnswer extends RectificationAnswerBody {
  id: number;
}

export const answerRectification = ({ id, ...body }: RectificationAnswer, key?: string) =>
  api(`/api/rectifications/${id}/answer`, { method: "POST", body, idempotencyKey: key });

export function useAnswerRectification(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: answerRectification,
    invalidates: [rectificationsKey(schoolId), studentFileKey(schoolId)],
  });
}
