import type {
  Attachment,
  ObservationBody,
  RegisterIncidentBody,
  RegistrationOptions,
  StudentOption,
} from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";

/** Every query of this screen sits under ["registration", schoolId, …]. */
const useKey = () => {
  const { schoolId } = useSession();
  return (...parts: readonly unknown[]) => ["registration", schoolId, ...parts] as const;
};

/** Categories, types, groups, subjects, staff and places in one call (GET /api/incidents/registration-options). */
export function useRegistrationOptions() {
  const key = useKey();
  return useQuery({
    queryKey: key("options"),
    queryFn: () => api<{ data: RegistrationOptions }>("/api/incidents/registration-options").then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Students by name or enrollment (at least two characters), or a whole group. */
export function useStudentOptions(search: { q: string } | { groupId: number } | null) {
  const key = useKey();
  const params =
    search === null
      ? null
      : "q" in search
        ? search.q.trim().length >= 2
          ? `q=${encodeURIComponent(search.q.trim())}`
          : null
        : `group_id=${search.groupId}`;
  return useQuery({
    queryKey: key("students", params),
    queryFn: ({ signal }) =>
      api<{ data: { students: StudentOption[] } }>(`/api/incidents/student-options?${params}`, { signal }).then(
        (r) => r.data.students,
      ),
    enabled: params !== null,
    staleTime: 30_000,
    // While typing, the previous matches stay until the new ones arrive (a group switch starts clean).
    placeholderData: (previous) => (search && "q" in search ? keepPreviousData(previous) : undefined),
  });
}

export type Registered = { id: number; folio: number; status: string };

export const registerIncident = (body: RegisterIncidentBody) =>
  api<{ data: { incident: Registered } }>("/api/incidents", { method: "POST", body }).then((r) => r.data.incident);

/** One evidence file, sent raw after the incident exists. */
export const uploadEvidence = (incidentId: number, file: File) =>
  api<{ data: { attachment: Attachment } }>(
    `/api/incidents/${incidentId}/attachments?name=${encodeURIComponent(file.name)}`,
    { method: "POST", body: file },
  ).then((r) => r.data.attachment);

export const registerObservation = (body: ObservationBody) =>
  api<{ data: { observation: { id: number } } }>("/api/accompaniment-observations", { method: "POST", body }).then(
    (r) => r.data.observation,
  );
