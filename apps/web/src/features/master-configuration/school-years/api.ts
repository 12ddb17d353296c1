import type { CreatePeriodBody, CreateSchoolYearBody, UpdatePeriodBody, UpdateSchoolYearBody } from "@convive/domain";
import { api } from "../../../lib/api.ts";
import type { Period, SchoolYear } from "../shared/api.ts";

type YearAnswer = { data: { school_year: SchoolYear } };
type PeriodAnswer = { data: { period: Period } };

export const createYear = (body: CreateSchoolYearBody) =>
  api<YearAnswer>("/api/school-years", { method: "POST", body }).then((r) => r.data.school_year);

export const updateYear = (id: number, body: UpdateSchoolYearBody) =>
  api<YearAnswer>(`/api/school-years/${id}`, { method: "PATCH", body }).then((r) => r.data.school_year);

export const deleteYear = (id: number) => api(`/api/school-years/${id}`, { method: "DELETE" });

/** Closes a year for good: read-only from then on (the current year cannot be closed). */
export const closeYear = (id: number) =>
  api<YearAnswer>(`/api/school-years/${id}/close`, { method: "POST" }).then((r) => r.data.school_year);

export const createPeriod = (yearId: number, body: CreatePeriodBody) =>
  api<PeriodAnswer>(`/api/school-years/${yearId}/periods`, { method: "POST", body }).then((r) => r.data.period);

export const updatePeriod = (yearId: number, id: number, body: UpdatePeriodBody) =>
  api<PeriodAnswer>(`/api/school-years/${yearId}/periods/${id}`, { method: "PATCH", body }).then((r) => r.data.period);

export const deletePeriod = (yearId: number, id: number) =>
  api(`/api/school-years/${yearId}/periods/${id}`, { method: "DELETE" });
