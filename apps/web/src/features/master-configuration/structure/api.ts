import type {
  CreateGradeBody,
  CreateGroupBody,
  CreateSectionBody,
  UpdateGradeBody,
  UpdateGroupBody,
  UpdateSectionBody,
} from "@convive/domain";
import { api } from "../../../lib/api.ts";
import { useMcMutation } from "../shared/keys.ts";

export const createSection = (body: CreateSectionBody) => api("/api/sections", { method: "POST", body });
export const updateSection = (id: number, body: UpdateSectionBody) =>
  api(`/api/sections/${id}`, { method: "PATCH", body });
export const deleteSection = (id: number) => api(`/api/sections/${id}`, { method: "DELETE" });

export const createGrade = (body: CreateGradeBody) => api("/api/grades", { method: "POST", body });
export const updateGrade = (id: number, body: UpdateGradeBody) => api(`/api/grades/${id}`, { method: "PATCH", body });
export const deleteGrade = (id: number) => api(`/api/grades/${id}`, { method: "DELETE" });

export const createGroup = (body: CreateGroupBody) => api("/api/groups", { method: "POST", body });
export const updateGroup = (id: number, body: UpdateGroupBody) => api(`/api/groups/${id}`, { method: "PATCH", body });
export const deleteGroup = (id: number) => api(`/api/groups/${id}`, { method: "DELETE" });

/** Creates a section, or renames/reorders the one given. */
export const useSaveSection = (id: number | null) =>
  useMcMutation((body: CreateSectionBody) => (id ? updateSection(id, body) : createSection(body)));
export const useDeleteSection = () => useMcMutation(deleteSection);

/** Creates a grade in the section, or renames/reorders the one given. */
export const useSaveGrade = (id: number | null, sectionId: number) =>
  useMcMutation((body: UpdateGradeBody) =>
    id ? updateGrade(id, body) : createGrade({ name: "", ...body, section_id: sectionId }),
  );
export const useDeleteGrade = () => useMcMutation(deleteGrade);

/** Creates a group of the grade in the year shown (the current one when null), or updates the one given. */
export const useSaveGroup = (id: number | null, gradeId: number, yearId: number | null) =>
  useMcMutation((body: UpdateGroupBody) =>
    id
      ? updateGroup(id, body)
      : createGroup({ name: "", ...body, grade_id: gradeId, school_year_id: yearId ?? undefined }),
  );
export const useDeleteGroup = () => useMcMutation(deleteGroup);
