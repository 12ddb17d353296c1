import type {
  AssignProfileBody,
  CreateSchoolUserBody,
  Invitation,
  OpenWorkCount,
  ProfileSummary,
  SchoolUser,
  UpdateSchoolUserBody,
} from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { useAccess } from "../shared/access.ts";
import { MC, useMcKey } from "../shared/keys.ts";

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
  /** The school may fix names and phone only of an account it alone has and nobody used yet. */
  identity_editable: boolean;
  /** Issue 31 §2: the open work the member still holds, per kind (deactivating them warns while it is not empty). */
  open_work: OpenWorkCount[];
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

/** Adding a person invites them: the same answer whether or not the address has an account. */
export const createSchoolUser = (body: CreateSchoolUserBody, key?: string) =>
  api<{ data: { invitation: Invitation } }>("/api/school-users", { method: "POST", body, idempotencyKey: key }).then(
    (r) => r.data.invitation,
  );

interface InvitationsPage {
  invitations: Invitation[];
  total: number;
  page: number;
  per_page: number;
}

/** The school's open invitations (pending or expired), newest first. */
export function useInvitations(page: number) {
  const key = useMcKey();
  const params = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE) });
  return useQuery({
    queryKey: key("invitations", params.toString()),
    queryFn: () => api<{ data: InvitationsPage }>(`/api/school-users/invitations?${params}`).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export const resendInvitation = (id: number) => api(`/api/school-users/invitations/${id}/resend`, { method: "POST" });

export const cancelInvitation = (id: number) => api(`/api/school-users/invitations/${id}`, { method: "DELETE" });

export const updateSchoolUser = (id: number, body: UpdateSchoolUserBody) =>
  api<{ data: { user: SchoolUserDetail } }>(`/api/school-users/${id}`, { method: "PATCH", body });

export const deactivateSchoolUser = (id: number) => api(`/api/school-users/${id}/deactivate`, { method: "POST" });

export const activateSchoolUser = (id: number) => api(`/api/school-users/${id}/activate`, { method: "POST" });

export const assignProfile = (body: AssignProfileBody) =>
  api<{ data: { profile_id: number; updated: number } }>("/api/school-users/assign-profile", {
    method: "POST",
    body,
  });

export const useAssignProfile = (o?: SaveOptions) => useSave({ ...o, call: assignProfile, invalidates: MC });

/** Activates or deactivates a member of the school. */
export const useSetUserActive = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ id, active }: { id: number; active: boolean }) =>
      active ? activateSchoolUser(id) : deactivateSchoolUser(id),
    invalidates: MC,
  });

/** Invites a person (answering the invitation) or updates a member (answering null). */
export const useSaveSchoolUser = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: async (
      save: { id: null; body: CreateSchoolUserBody } | { id: number; body: UpdateSchoolUserBody },
      key: string,
    ) => {
      if (save.id === null) return createSchoolUser(save.body, key);
      await updateSchoolUser(save.id, save.body);
      return null;
    },
    invalidates: MC,
  });

export const useResendInvitation = (o?: SaveOptions) => useSave({ ...o, call: resendInvitation, invalidates: MC });
export const useCancelInvitation = (o?: SaveOptions) => useSave({ ...o, call: cancelInvitation, invalidates: MC });
