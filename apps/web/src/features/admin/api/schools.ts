import type { AdminSchool, CreateSchoolBody, UpdateSchoolBody } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { conflictOn } from "../../../lib/form-errors.ts";
import i18n from "../../../lib/i18n.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

export interface AdminProfile {
  id: number;
  name: string;
  template_key: string | null;
}

export const schoolsKey = ["admin", "schools"] as const;

/** Every school with its member counts (GET api/admin/schools). */
export function useAdminSchools() {
  return useQuery({
    queryKey: schoolsKey,
    queryFn: () =>
      api<{ data: { schools: AdminSchool[] } }>("/api/admin/schools", { noSchool: true }).then((r) => r.data.schools),
  });
}

export const createSchool = (body: CreateSchoolBody, key?: string) =>
  api<{ data: { school: AdminSchool } }>("/api/admin/schools", {
    method: "POST",
    body,
    noSchool: true,
    idempotencyKey: key,
  });

/** Edits a school or switches it on and off; the slug never changes. */
export const updateSchool = (id: string, body: Partial<UpdateSchoolBody>) =>
  api<{ data: { school: AdminSchool } }>(`/api/admin/schools/${id}`, { method: "PATCH", body, noSchool: true });

/** Creates a school (a taken slug is said on the slug field) or edits the one given. */
export const useSaveSchool = (id: string | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ id: slug, ...fields }: CreateSchoolBody, key: string) =>
      id
        ? updateSchool(id, fields)
        : createSchool({ id: slug, ...fields }, key).catch(conflictOn("id", () => i18n.t("admin:schools.slugTaken"))),
    invalidates: [schoolsKey],
  });

/** Switches a school on or off (who can sign in to it). */
export const useToggleSchool = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: (school: AdminSchool) => updateSchool(school.id, { is_active: !school.is_active }),
    invalidates: [schoolsKey],
  });

/** The profiles a member of the school can be given (GET api/admin/schools/:id/profiles). */
export function useSchoolProfiles(schoolId: string | null) {
  return useQuery({
    queryKey: [...schoolsKey, schoolId, "profiles"],
    queryFn: () =>
      api<{ data: { profiles: AdminProfile[] } }>(`/api/admin/schools/${schoolId}/profiles`, { noSchool: true }).then(
        (r) => r.data.profiles,
      ),
    enabled: schoolId !== null,
    staleTime: 5 * 60_000,
  });
}
