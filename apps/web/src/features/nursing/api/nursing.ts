import type {
  AdministrationBody,
  AuthorizationBody,
  DecideProposalBody,
  HealthAlert,
  MedicalRecordBody,
  NursingDesk,
  NursingStudent,
  ProposalBody,
  StudentNursing,
  UpdateVisitBody,
  Visit,
  VisitBody,
} from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { studentFileKey } from "../../student-file/index.ts";
import { nursingKey } from "./keys.ts";

/** GET /api/students/:id/nursing — the record, visits, medication and proposals (nurse, Director, the family). */
export function useStudentNursing(studentId: number | null) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...nursingKey(schoolId), "student", studentId],
    queryFn: ({ signal }) =>
      api<{ data: StudentNursing }>(`/api/students/${studentId}/nursing`, { signal }).then((r) => r.data),
    enabled: studentId !== null,
  });
}

/** GET /api/students/:id/health-alert — the teacher's view: critical allergies and conditions only. */
export function useHealthAlert(studentId: number, enabled = true) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...nursingKey(schoolId), "alert", studentId],
    queryFn: ({ signal }) =>
      api<{ data: HealthAlert }>(`/api/students/${studentId}/health-alert`, { signal }).then((r) => r.data),
    enabled,
  });
}

/** GET /api/nursing/desk — today's visits and the families' pending proposals. */
export function useNursingDesk() {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...nursingKey(schoolId), "desk"],
    queryFn: ({ signal }) => api<{ data: NursingDesk }>("/api/nursing/desk", { signal }).then((r) => r.data),
    refetchInterval: 60_000,
  });
}

/** GET /api/nursing/students?q= — the nurse's search (two letters at least). */
export function useNursingSearch(q: string) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...nursingKey(schoolId), "search", q],
    queryFn: ({ signal }) =>
      api<{ data: NursingStudent[] }>(`/api/nursing/students?q=${encodeURIComponent(q)}`, { signal }).then(
        (r) => r.data,
      ),
    enabled: q.trim().length >= 2,
  });
}

type Saved = { data: StudentNursing };

/** Every write refreshes the nursing queries and the open file (its tab's count). */
function useNursingSave<V, R>(o: SaveOptions | undefined, call: (v: V, key: string) => Promise<{ data: R }>) {
  const { schoolId } = useSession();
  return useSave({
    ...o,
    call: (v: V, key: string) => call(v, key).then((r) => r.data),
    invalidates: [nursingKey(schoolId), studentFileKey(schoolId)],
  });
}

export const useSaveRecord = (o?: SaveOptions) =>
  useNursingSave(o, ({ studentId, ...body }: MedicalRecordBody & { studentId: number }) =>
    api<Saved>(`/api/students/${studentId}/medical-record`, { method: "PUT", body }),
  );

export const usePropose = (o?: SaveOptions) =>
  useNursingSave(o, ({ studentId, ...body }: ProposalBody & { studentId: number }, key) =>
    api<Saved>(`/api/students/${studentId}/medical-record/proposals`, { method: "POST", body, idempotencyKey: key }),
  );

export const useDecideProposal = (o?: SaveOptions) =>
  useNursingSave(o, ({ id, ...body }: DecideProposalBody & { id: number }, key) =>
    api<Saved>(`/api/nursing/proposals/${id}/decision`, { method: "POST", body, idempotencyKey: key }),
  );

export type NewVisit = Partial<VisitBody> & Pick<VisitBody, "reason_id"> & { studentId: number };
export const useRecordVisit = (o?: SaveOptions) =>
  useNursingSave(o, ({ studentId, ...body }: NewVisit, key) =>
    api<{ data: Visit }>(`/api/students/${studentId}/nursing-visits`, { method: "POST", body, idempotencyKey: key }),
  );

export const useUpdateVisit = (o?: SaveOptions) =>
  useNursingSave(o, ({ id, ...body }: UpdateVisitBody & { id: number }) =>
    api<{ data: Visit }>(`/api/nursing-visits/${id}`, { method: "PATCH", body }),
  );

export const useAuthorize = (o?: SaveOptions) =>
  useNursingSave(o, ({ studentId, ...body }: Partial<AuthorizationBody> & { studentId: number }, key) =>
    api<Saved>(`/api/students/${studentId}/medication-authorizations`, { method: "POST", body, idempotencyKey: key }),
  );

export const useSetAuthorization = (o?: SaveOptions) =>
  useNursingSave(o, ({ id, active }: { id: number; active: boolean }) =>
    api<Saved>(`/api/medication-authorizations/${id}`, { method: "PATCH", body: { active } }),
  );

export const useAdminister = (o?: SaveOptions) =>
  useNursingSave(o, ({ studentId, ...body }: Partial<AdministrationBody> & { studentId: number }, key) =>
    api<Saved>(`/api/students/${studentId}/medication-administrations`, {
      method: "POST",
      body,
      idempotencyKey: key,
    }),
  );
