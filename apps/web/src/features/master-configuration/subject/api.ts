import type { CreateSubjectBody, TeachingAssignmentBody, UpdateSubjectBody } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { TeachingAssignment } from "../shared/api.ts";
import { useMcKey, useMcMutation } from "../shared/keys.ts";

export const createSubject = (body: CreateSubjectBody) => api("/api/subjects", { method: "POST", body });
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

export const addAssignment = (body: TeachingAssignmentBody) =>
  api("/api/teaching-assignments", { method: "POST", body });

/** DELETE with the triple as its body; a head teacher's last subject in their own group is refused. */
export const removeAssignment = (body: TeachingAssignmentBody) =>
  api("/api/teaching-assignments", { method: "DELETE", body });

/** Creates a subject, or updates the one given. */
export const useSaveSubject = (id: number | null) =>
  useMcMutation((body: CreateSubjectBody) => (id ? updateSubject(id, body) : createSubject(body)));
export const useDeleteSubject = () => useMcMutation(deleteSubject);
export const useAddAssignment = () => useMcMutation(addAssignment);
export const useRemoveAssignment = () => useMcMutation(removeAssignment);
