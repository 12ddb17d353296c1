import type {
  CreateGradeBody,
  CreateGroupBody,
  CreateSectionBody,
  UpdateGradeBody,
  UpdateGroupBody,
  UpdateSectionBody,
} from "@convive/domain";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { MC } from "../shared/keys.ts";

export const createSection = (body: CreateSectionBody, key?: string) =>
  api("/api/sections", { method: "POST", body, idempotencyKey: key });
export const updateSection = (id: number, body: UpdateSectionBody) =>
  api(`/api/sections/${id}`, { method: "PATCH", body });
export const deleteSection = (id: number) => api(`/api/sections/${id}`, { method: "DELETE" });

export const createGrade = (body: CreateGradeBody, key?: string) =>
  api("/api/grades", { method: "POST", body, idempotencyKey: key });
export const updateGrade = (id: number, body: UpdateGradeBody) => api(`/api/grades/${id}`, { method: "PATCH", body });
export const deleteGrade = (id: number) => api(`/api/grades/${id}`, { method: "DELETE" });

export const createGroup = (body: CreateGroupBody, key?: string) =>
  api("/api/groups", { method: "POST", body, idempotencyKey: key });
export const updateGroup = (id: number, body: UpdateGroupBody) => api(`/api/groups/${id}`, { method: "PATCH", body });
export const deleteGroup = (id: number) => api(`/api/groups/${id}`, { method: "DELETE" });

/** Creates a section, or renames/reorders the one given. */
export const useSaveSection = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: CreateSectionBody, key: string) => (id ? updateSection(id, body) : createSection(body, key)),
    invalidates: MC,
  });
export const useDeleteSection = (o?: SaveOptions) => useSave({ ...o, call: deleteSection, invalidates: MC });

/** Creates a grade in the section, or renames/reorders the one given. */
export const useSaveGrade = (id: number | null, sectionId: number, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: UpdateGradeBody, key: string) =>
      id ? updateGrade(id, body) : createGrade({ name: "", ...body, section_id: sectionId }, key),
    invalidates: MC,
  });
export const useDeleteGrade = (o?: SaveOptions) => useSave({ ...o, call: deleteGrade, invalidates: MC });

/** Creates a group of the grade in the year shown (the current one when null), or updates the one given. */
export const useSaveGroup = (id: number | null, gradeId: number, yearId: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: UpdateGroupBody, key: string) =>
      id
        ? updateGroup(id, body)
        : createGroup({ name: "", ...body, grade_id: gradeId, school_year_id: yearId ?? undefined }, key),
    invalidates: MC,
  });
export const useDeleteGroup = (o?: SaveOptions) => useSave({ ...o, call: deleteGroup, invalidates: MC });
