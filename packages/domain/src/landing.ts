/**
 * Landing view of spec §6: the screen a school user opens after choosing a school (and where "/" leads when the
 * stored viewMain is missing). The first module the user holds wins, in the spec's order.
 *
 * The spec also mentions a variant for roles that are neither Director nor Familiar (strategic vision,
 * notifications, incident details, ratings, scorecard). It sits behind a condition the original never reaches,
 * because the "not Familiar" branch below already catches every such role; it is deliberately not implemented.
 */
import { type ModuleGrant, perm } from "./permissions.ts";
import { ROLE_FAMILIAR } from "./profile-templates.ts";
import { PATHS } from "./routes.ts";

type LandingRow = { grants: readonly ModuleGrant[]; path: string };

/** Order for every role except Familiar. */
export const STAFF_LANDING_ORDER: readonly LandingRow[] = [
  { grants: ["module-incidents-registration", "create-accompaniment-observations"], path: PATHS.register },
  { grants: ["module-master-configuration"], path: PATHS.masterConfiguration },
  // Issue 29 (not in the spec, whose list has no nursing screen): the nurse opens on her desk, not the bell.
  { grants: ["module-nursing"], path: PATHS.nursing },
  { grants: ["module-notifications"], path: PATHS.notifications },
  { grants: ["module-incidents-details"], path: PATHS.incidentDetails },
  { grants: ["module-scorings"], path: PATHS.ratings },
];

/** Order for Familiar: families land on what concerns their children, forms last. */
export const FAMILIAR_LANDING_ORDER: readonly LandingRow[] = [
  { grants: ["module-notifications"], path: PATHS.notifications },
  { grants: ["module-incidents-details"], path: PATHS.incidentDetails },
  { grants: ["module-scorings"], path: PATHS.ratings },
  { grants: ["module-form-student"], path: PATHS.formsParents },
];

/** Spec §6: with none of the listed modules the user lands on the scorecard, whatever the role. */
export const FALLBACK_LANDING = PATHS.scorecard;

/** The permissions that open master configuration's entry point, where the setup checklist sits (spec §6 table). */
const CHECKLIST_PERMISSIONS: readonly string[] = [
  perm("master-configuration-school-info", "read"),
  perm("master-configuration-school-info", "update"),
];

/** What the landing rule needs to know about a school still being set up (issue 12 §2). */
export interface SetupLanding {
  /** The school has not yet completed its seven setup stages (spec §3 setup-completion report). */
  pending: boolean;
  /** The user's permission names in the school. */
  permissions: readonly string[];
}

/**
 * The landing path for the user's role (the first role in the selected school) and module keys.
 * The role name is compared exactly, as the spec reads it ("Familiar").
 *
 * Issue 12 §2: while the school has not completed its seven setup stages, a staff member who can complete them
 * (the master-configuration module and its entry screen) lands on the setup checklist of master configuration
 * instead of an empty registration form; once the school is set up, the spec's order applies again.
 */
export function landingView(roleName: string, permissionsModules: readonly string[], setup?: SetupLanding): string {
  if (
    setup?.pending &&
    roleName !== ROLE_FAMILIAR &&
    permissionsModules.includes("module-master-configuration") &&
    setup.permissions.some((p) => CHECKLIST_PERMISSIONS.includes(p))
  ) {
    return PATHS.masterConfiguration;
  }
  const order = roleName === ROLE_FAMILIAR ? FAMILIAR_LANDING_ORDER : STAFF_LANDING_ORDER;
  const row = order.find((r) => r.grants.some((g) => permissionsModules.includes(g)));
  return row?.path ?? FALLBACK_LANDING;
}
