import type { CreateSubjectBody, TeachingAssignmentBody, UpdateSubjectBody } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import type { TeachingAssignment } from "../shared/api.ts";
import { MC, useMcKey } from "../shared/keys.ts";

export const createSubject = (body: CreateSubjectBody, key?: string) =>
  api("/api/subjects", { method: "POST", body, idempotencyKey: key });
export const updateSubject = (id: number, body: UpdateSubjectBody) =>
  api(`/api/subjects/${id}`, { method: "PATCH", body });
export const deleteSubject = (id: number) => api(`/api/subjects/${id}`, { method: "DELETE" });

/** Who teaches what in one group. */
export function useGroupAssignments(groupId: number | null) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("teaching-assignments", groupId),
    queryFn: () =>
      api<{ data: { teaching_assignments: TeachingAssignment[] } }>(
        `/api/teaching-assignments?group_id=${groupId}`,
      ).then((r) => r.data.teaching_assignments),
    enabled: groupId !== null,
  });
}

export const addAssignment = (body: TeachingAssignmentBody, key?: string) =>
  api("/api/teaching-assignments", { method: "POST", body, idempotencyKey: key });

/** DELETE with the triple as its body; a head teacher's last subject in their own group is refused. */
export const removeAssignment = (body: TeachingAssignmentBody) =>
  api("/api/teaching-assignments", { method: "DELETE", body });

/** Creates a subject, or updates the one given. */
export const useSaveSubject = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: CreateSubjectBody, key: string) => (id ? updateSubject(id, body) : createSubject(body, key)),
    invalidates: MC,
  });
export const useDeleteSubject = (o?: SaveOptions) => useSave({ ...o, call: deleteSubject, invalidates: MC });
export const useAddAssignment = (o?: SaveOptions) => useSave({ ...o, call: addAssignment, invalidates: MC });
export const useRemoveAssignment = (o?: SaveOptions) => useSave({ ...o, call: removeAssignment, invalidates: MC });
