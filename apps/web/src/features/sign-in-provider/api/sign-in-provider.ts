import type { AdminSignInProviderBody, SignInProviderAnswer } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

/**
 * A school's identity provider (issue 32): the platform administrator's routes for any school (`schoolId`), or the
 * school's own for its Director (null: the selected school, where the administrator allowed it).
 */
const urlOf = (schoolId: string | null) =>
  schoolId ? `/api/admin/schools/${schoolId}/sign-in-provider` : "/api/sign-in-provider";
export const providerKey = (schoolId: string | null) => ["sign-in-provider", schoolId ?? "own"] as const;

export function useSignInProvider(schoolId: string | null, enabled = true) {
  return useQuery({
    queryKey: providerKey(schoolId),
    queryFn: () =>
      api<{ data: SignInProviderAnswer }>(urlOf(schoolId), { noSchool: schoolId !== null }).then((r) => r.data),
    enabled,
  });
}

/** Saves it (PUT); the Director's body leaves out the delegation, which is the administrator's alone. */
export const useSaveSignInProvider = (schoolId: string | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: AdminSignInProviderBody) => {
      const { director_may_edit, ...rest } = body;
      return api<{ data: SignInProviderAnswer }>(urlOf(schoolId), {
        method: "PUT",
        body: schoolId ? body : rest,
        noSchool: schoolId !== null,
      });
    },
    invalidates: [providerKey(schoolId)],
  });
