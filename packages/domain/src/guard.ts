/**
 * Route guard of spec §2 (rules 1–7), run before every navigation by the web app. Pure: the caller says whether a
 * token is stored and passes the loaded user (null until loaded); the server enforces the same permissions itself.
 *
 * Decision table ("home" is where "/" leads for that user; "module route" = a layout route with a module tag):
 *
 * | who                                   | path                                   | decision                        |
 * |---------------------------------------|----------------------------------------|---------------------------------|
 * | no token (rule 2)                     | /, /RecoverPassword, its /reset        | allow                           |
 * | no token                              | anything else                          | → /                             |
 * | token, user not loaded yet            | anything                               | allow (caller loads, re-runs)   |
 * | password_updated 0, root or not (4,7) | /Changepassword                        | allow                           |
 * | password_updated 0, root or not       | anything else, "/" included            | → /Changepassword               |
 * | root                                  | /, /RecoverPassword[/reset] (rule 3)   | → /admin-school-creator         |
 * | root                                  | /Changepassword, /page-not-found       | allow                           |
 * | root                                  | the 3 admin screens, /account          | allow                           |
 * | root                                  | /Schoolselection                       | → /admin-school-creator         |
 * | root                                  | module route, unmatched (rule 5)       | → /page-not-found               |
 * | non-root, no roles (rule 4)           | /Schoolselection, /Changepassword, 404 | allow                           |
 * | non-root, no roles                    | anything else, "/" included            | → /Schoolselection              |
 * | non-root with roles (rule 6)          | /, /RecoverPassword[/reset]            | → viewMain (landingView if bad) |
 * | non-root with roles                   | /Schoolselection, /Changepassword, 404 | allow (change school/password)  |
 * | non-root with roles                   | /account                               | allow (header link for all)     |
 * | non-root with roles                   | the 3 admin screens                    | → /page-not-found               |
 * | non-root with roles                   | module route: module + any permission  | allow                           |
 * | non-root with roles                   | /master-configuration (entry) allowed  | → first child the user may open |
 * | non-root with roles                   | other module route, untagged, unmatched| → /page-not-found               |
 *
 * Paths match whole segments, case-insensitively, ignoring a trailing slash, the query and the hash.
 * A signed-in user sent to the password-recovery screens goes home like "/" (rule 3 reads them as login screens).
 */
import { landingView } from "./landing.ts";
import { holdsAny, isModuleGrant, TAG_OF_MODULE } from "./permissions.ts";
import { findLayoutRoute, type LayoutRoute, MASTER_CONFIGURATION_ROUTES, normalisePath, PATHS } from "./routes.ts";

export interface GuardUser {
  root: number;
  password_updated: number;
  roles?: { id: number; name: string }[] | null;
  permissions: readonly string[];
  permissionsModules: readonly string[];
  viewMain: string;
}

export interface GuardInput {
  /** Pathname, may carry a query or hash. */
  path: string;
  hasToken: boolean;
  /** Null while not loaded or signed out. */
  user: GuardUser | null;
}

export type GuardDecision = { kind: "allow" } | { kind: "redirect"; to: string };

const ALLOW: GuardDecision = { kind: "allow" };
const redirect = (to: string): GuardDecision => ({ kind: "redirect", to });

/** Where a path points, once normalised. */
export type PathTarget =
  | { kind: "login" }
  | { kind: "recover" }
  | { kind: "schoolSelection" }
  | { kind: "changePassword" }
  | { kind: "notFound" }
  | { kind: "layout"; route: LayoutRoute }
  | { kind: "unmatched" };

const key = (path: string) => normalisePath(path);
const OUTSIDE: Record<string, PathTarget> = {
  [key(PATHS.login)]: { kind: "login" },
  [key(PATHS.recoverPassword)]: { kind: "recover" },
  [key(PATHS.resetPassword)]: { kind: "recover" },
  [key(PATHS.schoolSelection)]: { kind: "schoolSelection" },
  [key(PATHS.changePassword)]: { kind: "changePassword" },
  [key(PATHS.notFound)]: { kind: "notFound" },
};

export function classifyPath(path: string): PathTarget {
  const outside = OUTSIDE[key(path)];
  if (outside) return outside;
  const route = findLayoutRoute(path);
  return route ? { kind: "layout", route } : { kind: "unmatched" };
}

const hasRoles = (user: GuardUser) => (user.roles?.length ?? 0) > 0;

/** Rule 6 for one layout route: module tag held via a module key, then any one of the route's permissions. */
export function canOpenRoute(user: GuardUser, route: LayoutRoute): boolean {
  if (user.root === 1) return route.rootOnly || route.path === "account";
  if (route.rootOnly) return false;
  if (route.path === "account") return true;
  if (route.tags.length === 0) return false;
  const tagHeld = user.permissionsModules.some((m) => isModuleGrant(m) && route.tags.includes(TAG_OF_MODULE[m]));
  return tagHeld && holdsAny(user.permissions, route.permissions);
}

/**
 * Where "/" leads a signed-in user. A stored viewMain that is empty or points back at a login-like screen would
 * loop, so the landing rule of spec §6 stands in for it.
 */
export function homeOf(user: GuardUser): string {
  if (user.password_updated === 0) return PATHS.changePassword;
  if (user.root === 1) return PATHS.adminSchoolCreator;
  if (!hasRoles(user)) return PATHS.schoolSelection;
  const stored = user.viewMain?.trim() ?? "";
  const kind = classifyPath(stored).kind;
  if (stored !== "" && kind !== "login" && kind !== "recover") return stored.startsWith("/") ? stored : `/${stored}`;
  return landingView(user.roles?.[0]?.name ?? "", user.permissionsModules);
}

/** The master-configuration entry opens general-information, or the first child the user may actually open. */
function masterConfigurationEntry(user: GuardUser): GuardDecision {
  const child = MASTER_CONFIGURATION_ROUTES.find((r) => canOpenRoute(user, r));
  return redirect(child ? `/${child.path}` : PATHS.notFound);
}

const MASTER_CONFIGURATION_ENTRY = "master-configuration";

/** Rules 1–2: without a token only login and password recovery are open (all the sign-in page needs). */
export function signedOutRoute(path: string): GuardDecision {
  const kind = OUTSIDE[key(path)]?.kind;
  return kind === "login" || kind === "recover" ? ALLOW : redirect(PATHS.login);
}

export function guardRoute(input: GuardInput): GuardDecision {
  if (!input.hasToken) return signedOutRoute(input.path);
  const target = classifyPath(input.path);

  // Signed in but the user is still loading: let the navigation through; the app re-runs the guard once loaded.
  const user = input.user;
  if (!user) return ALLOW;

  // Rules 4 and 7: a pending password change blocks everything else, root or not.
  if (user.password_updated === 0) {
    return target.kind === "changePassword" ? ALLOW : redirect(PATHS.changePassword);
  }

  if (user.root === 0 && !hasRoles(user)) {
    // Rule 4: a school user without a role in a selected school must pick a school first.
    const open = target.kind === "schoolSelection" || target.kind === "changePassword" || target.kind === "notFound";
    return open ? ALLOW : redirect(PATHS.schoolSelection);
  }

  switch (target.kind) {
    case "login":
    case "recover":
      return redirect(homeOf(user)); // rule 3 and rule 6 "/ goes to viewMain"
    case "changePassword":
    case "notFound":
      return ALLOW;
    case "schoolSelection":
      // Root has no school to choose; school users come back here to change school.
      return user.root === 1 ? redirect(PATHS.adminSchoolCreator) : ALLOW;
    case "unmatched":
      return redirect(PATHS.notFound); // rule 5
    case "layout": {
      if (!canOpenRoute(user, target.route)) return redirect(PATHS.notFound); // rule 6
      return target.route.path === MASTER_CONFIGURATION_ENTRY ? masterConfigurationEntry(user) : ALLOW;
    }
  }
}
