import type { PermissionMatrix, ProfileSummary } from "@convive/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { currentUserKey } from "../../auth/index.ts";
import { MC, useMcKey } from "../shared/keys.ts";

export function useProfileList() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("profiles"),
    queryFn: () => api<{ data: { profiles: ProfileSummary[] } }>("/api/profiles").then((r) => r.data.profiles),
  });
}

export function useMatrix(profileId: number | null) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("profile-matrix", profileId),
    queryFn: () =>
      api<{ data: { matrix: PermissionMatrix } }>(`/api/profiles/${profileId}/permissions`).then((r) => r.data.matrix),
    enabled: profileId !== null,
  });
}

/** A profile's Spanish name (the one the rules read) and its English name ("" for none). */
export const createProfile = (name: string, name_en: string, key?: string) =>
  api<{ data: { profile: ProfileSummary } }>("/api/profiles", {
    method: "POST",
    body: { name, name_en },
    idempotencyKey: key,
  }).then((r) => r.data.profile);
export const renameProfile = (id: number, name: string, name_en: string) =>
  api(`/api/profiles/${id}`, { method: "PATCH", body: { name, name_en } });
export const deleteProfile = (id: number) => api(`/api/profiles/${id}`, { method: "DELETE" });
export const putPermissions = (id: number, permissions: string[]) =>
  api<{ data: { matrix: PermissionMatrix } }>(`/api/profiles/${id}/permissions`, {
    method: "PUT",
    body: { permissions },
  }).then((r) => r.data.matrix);

/** Creates a profile (answering it) or renames the one given (answering null). */
export const useSaveProfile = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: async ({ name, name_en }: { name: string; name_en: string }, key: string) => {
      if (id === null) return createProfile(name, name_en, key);
      await renameProfile(id, name, name_en);
      return null;
    },
    invalidates: MC,
  });

export const useDeleteProfile = (o?: SaveOptions) => useSave({ ...o, call: deleteProfile, invalidates: MC });

/** Replaces a profile's permissions; the signed-in user is read again (their own profile may be the one). */
export function usePutPermissions(o?: SaveOptions) {
  const client = useQueryClient();
  const key = useMcKey();
  const { userId, schoolId } = useSession();
  return useSave({
    ...o,
    call: ({ id, permissions }: { id: number; permissions: string[] }) => putPermissions(id, permissions),
    update: (saved, { id }) => client.setQueryData(key("profile-matrix", id), saved),
    invalidates: [...MC, currentUserKey(Number(userId), schoolId)],
  });
}
