import type { AddMembershipBody, AdminUser, CreateAdminUserBody, UpdateAdminUserBody } from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import i18n from "../../../lib/i18n.ts";
import { conflictOn, useInvalidatingMutation } from "../../../lib/mutations.ts";
import { schoolsKey } from "./schools.ts";

export const USERS_PER_PAGE = 20;
export const usersKey = ["admin", "users"] as const;

interface UserPage {
  users: AdminUser[];
  total: number;
  page: number;
  per_page: number;
}

/** One page of the platform's users, searched by name or e-mail (GET api/admin/users). */
export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: [...usersKey, search, page],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page), per_page: String(USERS_PER_PAGE) });
      if (search) query.set("search", search);
      return api<{ data: UserPage }>(`/api/admin/users?${query}`, { noSchool: true }).then((r) => r.data);
    },
    placeholderData: keepPreviousData,
  });
}

/** The form sends strings; the body wants the optional school and profile left out when not chosen. */
export type CreateUserInput = Omit<CreateAdminUserBody, "root" | "language"> & { root: 0 | 1; language: "es" | "en" };

/** Creates a user; the generated temporary password is answered here only. */
export const createUser = (body: CreateUserInput) =>
  api<{ data: { user: AdminUser; temporary_password?: string } }>("/api/admin/users", {
    method: "POST",
    body,
    noSchool: true,
  }).then((r) => r.data);

export const updateUser = (id: number, body: Partial<UpdateAdminUserBody>) =>
  api<{ data: { user: AdminUser } }>(`/api/admin/users/${id}`, { method: "PATCH", body, noSchool: true });

export const addMembership = (id: number, body: AddMembershipBody) =>
  api<{ data: { user: AdminUser } }>(`/api/admin/users/${id}/memberships`, { method: "POST", body, noSchool: true });

/** Creates a user (answering the temporary password once) or edits the one given. */
export const useSaveUser = (id: number | null) =>
  useInvalidatingMutation(
    (
      body: CreateUserInput | Partial<UpdateAdminUserBody>,
    ): Promise<{ user: AdminUser; temporary_password?: string }> =>
      id ? updateUser(id, body).then((r) => r.data) : createUser(body as CreateUserInput),
    usersKey,
  );

/** Switches a user on or off on the whole platform. */
export const useToggleUser = () =>
  useInvalidatingMutation((user: AdminUser) => updateUser(user.id, { is_active: !user.is_active }), usersKey);

/** Adds the user to one more school with a profile; a school they already belong to is said on its field. */
export const useAddMembership = (userId: number | null) =>
  useInvalidatingMutation(
    (body: AddMembershipBody) =>
      addMembership(userId ?? 0, body).catch(conflictOn("school_id", () => i18n.t("admin:users.alreadyMember"))),
    usersKey,
    schoolsKey,
  );
