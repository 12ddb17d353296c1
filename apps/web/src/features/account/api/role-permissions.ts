import { ROLE_PERMISSION_FETCH_TIMEOUT_MS } from "@convive/domain/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** GET api/roles/{id}?include=permissions (spec §7, 10 s time-out): what the user's profile grants. */
export function useRolePermissions(roleId: number | undefined, schoolId: string | null) {
  return useQuery({
    queryKey: ["role-permissions", schoolId, roleId],
    queryFn: () =>
      api<{ data: { role: { id: number; name: string; permissions?: { name: string }[] } } }>(
        `/api/roles/${roleId}?include=permissions`,
        { timeoutMs: ROLE_PERMISSION_FETCH_TIMEOUT_MS },
      ).then((r) => (r.data.role.permissions ?? []).map((p) => p.name)),
    enabled: roleId !== undefined && schoolId !== null,
  });
}
