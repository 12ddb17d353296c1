import type {
  AssignProfileBody,
  CreateSchoolUserBody,
  ProfileSummary,
  SchoolUser,
  UpdateSchoolUserBody,
} from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useAccess } from "../shared/access.ts";
import { useMcKey } from "../shared/keys.ts";

export type Scope = "all" | "staff" | "family";

export interface UsersFilter {
  search: string;
  profileId: string | null;
  active: "all" | "true" | "false";
  scope: Scope;
  page: number;
}

export const PER_PAGE = 20;

export interface SchoolUserDetail extends SchoolUser {
  owned_groups: { id: number; name: string; school_year_id: number }[];
  other_schools_count: number;
}

interface Page {
  users: SchoolUser[];
  total: number;
  page: number;
  per_page: number;
}

export function useSchoolUsers(filter: UsersFilter) {
  const key = useMcKey();
  const params = new URLSearchParams({ page: String(filter.page), per_page: String(PER_PAGE), scope: filter.scope });
  if (filter.search.trim()) params.set("search", filter.search.trim());
  if (filter.profileId) params.set("profile_id", filter.profileId);
  if (filter.active !== "all") params.set("is_active", filter.active);
  return useQuery({
    queryKey: key("school-users", params.toString()),
    queryFn: () => api<{ data: Page }>(`/api/school-users?${params}`).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export function useSchoolUser(id: number | null) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("school-user", id),
    queryFn: () => api<{ data: { user: SchoolUserDetail } }>(`/api/school-users/${id}`).then((r) => r.data.user),
    enabled: id !== null,
  });
}

/**
 * The school's profiles (GET /api/profiles needs master-configuration-users-profiles.read). Without it the
 * list is empty and the screens fall back to the profile names they already show.
 */
export function useProfiles() {
  const key = useMcKey();
  const access = useAccess();
  const allowed = access.can("master-configuration-users-profiles", "read");
  return useQuery({
    queryKey: key("profiles"),
    queryFn: () => api<{ data: { profiles: ProfileSummary[] } }>("/api/profiles").then((r) => r.data.profiles),
    enabled: allowed,
  });
}

export interface CreatedUser {
  user: SchoolUserDetail;
  linked: boolean;
  temporary_password?: string;
}

export const createSchoolUser = (body: CreateSchoolUserBody) =>
  api<{ data: CreatedUser }>("/api/school-users", { method: "POST", body }).then((r) => r.data);

export const updateSchoolUser = (id: number, body: UpdateSchoolUserBody) =>
  api<{ data: { user: SchoolUserDetail } }>(`/api/school-users/${id}`, { method: "PATCH", body });

export const deactivateSchoolUser = (id: number) => api(`/api/school-users/${id}/deactivate`, { method: "POST" });

export const activateSchoolUser = (id: number) => api(`/api/school-users/${id}/activate`, { method: "POST" });

export const assignProfile = (body: AssignProfileBody) =>
  api<{ data: { profile_id: number; updated: number } }>("/api/school-users/assign-profile", {
    method: "POST",
    body,
  });
