import type { PermissionMatrix, ProfileSummary } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useMcKey } from "../shared/keys.ts";

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
export const createProfile = (name: string, name_en: string) =>
  api<{ data: { profile: ProfileSummary } }>("/api/profiles", { method: "POST", body: { name, name_en } }).then(
    (r) => r.data.profile,
  );
export const renameProfile = (id: number, name: string, name_en: string) =>
  api(`/api/profiles/${id}`, { method: "PATCH", body: { name, name_en } });
export const deleteProfile = (id: number) => api(`/api/profiles/${id}`, { method: "DELETE" });
export const putPermissions = (id: number, permissions: string[]) =>
  api<{ data: { matrix: PermissionMatrix } }>(`/api/profiles/${id}/permissions`, {
    method: "PUT",
    body: { permissions },
  }).then((r) => r.data.matrix);
