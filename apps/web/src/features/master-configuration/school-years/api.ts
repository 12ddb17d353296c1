import type { CreatePeriodBody, CreateSchoolYearBody, UpdatePeriodBody, UpdateSchoolYearBody } from "@convive/domain";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import type { Period, SchoolYear } from "../shared/api.ts";
import { MC } from "../shared/keys.ts";

type YearAnswer = { data: { school_year: SchoolYear } };
type PeriodAnswer = { data: { period: Period } };

export const createYear = (body: CreateSchoolYearBody, key?: string) =>
  api<YearAnswer>("/api/school-years", { method: "POST", body, idempotencyKey: key }).then((r) => r.data.school_year);

export const updateYear = (id: number, body: UpdateSchoolYearBody) =>
  api<YearAnswer>(`/api/school-years/${id}`, { method: "PATCH", body }).then((r) => r.data.school_year);

export const deleteYear = (id: number) => api(`/api/school-years/${id}`, { method: "DELETE" });

/** Closes a year for good: read-only from then on (the current year cannot be closed). */
export const closeYear = (id: number) =>
  api<YearAnswer>(`/api/school-years/${id}/close`, { method: "POST" }).then((r) => r.data.school_year);

export const createPeriod = (yearId: number, body: CreatePeriodBody, key?: string) =>
  api<PeriodAnswer>(`/api/school-years/${yearId}/periods`, { method: "POST", body, idempotencyKey: key }).then(
    (r) => r.data.period,
  );

export const updatePeriod = (yearId: number, id: number, body: UpdatePeriodBody) =>
  api<PeriodAnswer>(`/api/school-years/${yearId}/periods/${id}`, { method: "PATCH", body }).then((r) => r.data.period);

export const deletePeriod = (yearId: number, id: number) =>
  api(`/api/school-years/${yearId}/periods/${id}`, { method: "DELETE" });

/** Creates a period of the year, or updates the one given. */
export const useSavePeriod = (yearId: number, id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: CreatePeriodBody, key: string) =>
      id ? updatePeriod(yearId, id, body) : createPeriod(yearId, body, key),
    invalidates: MC,
  });
/** Creates a school year, or renames/redates the one given (is_current only on creation). */
export const useSaveYear = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ is_current, ...body }: CreateSchoolYearBody, key: string) =>
      id ? updateYear(id, body) : createYear({ ...body, is_current }, key),
    invalidates: MC,
  });
export const useMakeYearCurrent = (o?: SaveOptions) =>
  useSave({ ...o, call: (id: number) => updateYear(id, { is_current: true }), invalidates: MC });
export const useCloseYear = (o?: SaveOptions) => useSave({ ...o, call: closeYear, invalidates: MC });
export const useDeleteYear = (o?: SaveOptions) => useSave({ ...o, call: deleteYear, invalidates: MC });
export const useDeletePeriod = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ yearId, id }: { yearId: number; id: number }) => deletePeriod(yearId, id),
    invalidates: MC,
  });
