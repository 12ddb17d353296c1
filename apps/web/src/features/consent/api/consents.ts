import type { ConsentChangeBody, StudentConsents } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { studentFileKey } from "../../student-file/index.ts";

/** Every consent query of the school: a grant or withdrawal refreshes them and the open file (its tab counts). */
export const consentsKey = (schoolId: string | null) => ["consents", schoolId] as const;

/** A student's consents: each category's state, the text to confirm next (family) and the history. */
export function useStudentConsents(studentId: number) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...consentsKey(schoolId), studentId],
    queryFn: ({ signal }) =>
      api<{ data: { consents: StudentConsents } }>(`/api/students/${studentId}/consents`, { signal }).then(
        (r) => r.data.consents,
      ),
    staleTime: 15_000,
  });
}

export interface ConsentChange extends ConsentChangeBody {
  studentId: number;
}

/** A grant or withdrawal, with the submission's idempotency key: a double click writes one record. */
export const changeConsent = ({ studentId, ...body }: ConsentChange, key?: string) =>
  api<{ data: { consents: StudentConsents } }>(`/api/students/${studentId}/consents`, {
    method: "POST",
    body,
    idempotencyKey: key,
  }).then((r) => r.data.consents);

export function useChangeConsent(o?: SaveOptions) {
  const { schoolId } = useSession();
  return useSave({ ...o, call: changeConsent, invalidates: [consentsKey(schoolId), studentFileKey(schoolId)] });
}
