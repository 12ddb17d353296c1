import type { AddMembershipBody, AdminUser, CreateAdminUserBody, UpdateAdminUserBody } from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { conflictOn } from "../../../lib/form-errors.ts";
import i18n from "../../../lib/i18n.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
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

/** Creates a user; without a password, the account's owner is e-mailed an invitation to choose one. */
export const createUser = (body: CreateUserInput, key?: string) =>
  api<{ data: { user: AdminUser; invitation_sent: boolean } }>("/api/admin/users", {
    method: "POST",
    body,
    noSchool: true,
    idempotencyKey: key,
  }).then((r) => r.data);

export const updateUser = (id: number, body: Partial<UpdateAdminUserBody>) =>
  api<{ data: { user: AdminUser } }>(`/api/admin/users/${id}`, { method: "PATCH", body, noSchool: true });

export const addMembership = (id: number, body: AddMembershipBody, key?: string) =>
  api<{ data: { user: AdminUser } }>(`/api/admin/users/${id}/memberships`, {
    method: "POST",
    body,
    noSchool: true,
    idempotencyKey: key,
  });

/** Creates a user (invited by e-mail) or edits the one given. */
export const useSaveUser = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (
      body: CreateUserInput | Partial<UpdateAdminUserBody>,
      key: string,
    ): Promise<{ user: AdminUser; invitation_sent?: boolean }> =>
      id ? updateUser(id, body).then((r) => r.data) : createUser(body as CreateUserInput, key),
    invalidates: [usersKey],
  });

/** Switches a user on or off on the whole platform. */
export const useToggleUser = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: (user: AdminUser) => updateUser(user.id, { is_active: !user.is_active }),
    invalidates: [usersKey],
  });

/** Adds the user to one more school with a profile; a school they already belong to is said on its field. */
export const useAddMembership = (userId: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: AddMembershipBody, key: string) =>
      addMembership(userId ?? 0, body, key).catch(conflictOn("school_id", () => i18n.t("admin:users.alreadyMember"))),
    invalidates: [usersKey, schoolsKey],
  });
