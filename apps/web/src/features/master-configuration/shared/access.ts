import type { UserPayload } from "@convive/domain";
import {
  type Action,
  type Area,
  canOpenRoute,
  type LayoutRoute,
  MASTER_CONFIGURATION_ROUTES,
  perm,
} from "@convive/domain/core";
import { useMemo } from "react";
import { useCurrentUser } from "../../auth/index.ts";

/** The order the children are offered in: the setup steps of a new school first, then the catalogue's order. */
const PREFERRED = [
  "general-information",
  "scholar-cicle",
  "level-grade-group",
  "subject",
  "school-users",
  "students-profile",
  "user-profile",
  "cycle-details",
];

const childOf = (route: LayoutRoute) => route.path.slice("master-configuration/".length);
const rank = (route: LayoutRoute) => {
  const i = PREFERRED.indexOf(childOf(route));
  return i === -1 ? PREFERRED.length + MASTER_CONFIGURATION_ROUTES.indexOf(route) : i;
};

/** The master-configuration children the user may open (same rule as the route guard), in setup order. */
export function openableChildren(user: UserPayload | undefined): LayoutRoute[] {
  if (!user) return [];
  return MASTER_CONFIGURATION_ROUTES.filter((r) => canOpenRoute(user, r)).sort((a, b) => rank(a) - rank(b));
}

/**
 * What the signed-in user may do in master configuration. The server checks every call again; the web only
 * hides what the user could not use.
 */
export function useAccess() {
  const user = useCurrentUser().data;
  return useMemo(() => {
    const held = new Set([...(user?.permissions ?? []), ...(user?.permissionsModules ?? [])]);
    const children = openableChildren(user);
    return {
      user,
      children,
      can: (area: Area, action: Action) => held.has(perm(area, action)),
      holds: (grant: string) => held.has(grant),
      /** Whether a child screen such as "scholar-cicle" is open to the user. */
      canOpen: (child: string) => children.some((r) => childOf(r) === child),
    };
  }, [user]);
}

export const childPath = (child: string) => `/master-configuration/${child}`;
export { childOf };
