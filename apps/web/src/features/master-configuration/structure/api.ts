import type {
  CreateGradeBody,
  CreateGroupBody,
  CreateSectionBody,
  UpdateGradeBody,
  UpdateGroupBody,
  UpdateSectionBody,
} from "@convive/domain";
import { api } from "../../../lib/api.ts";

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
