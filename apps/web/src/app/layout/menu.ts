import {
  canOpenRoute,
  findLayoutRoute,
  type GuardUser,
  MASTER_CONFIGURATION_ROUTES,
  normalisePath,
  PATHS,
} from "@convive/domain/core";

/** Icon names; Sidebar.tsx maps them to components so this file stays pure and testable. */
export type MenuIcon =
  | "register"
  | "strategicVision"
  | "archive"
  | "ratings"
  | "notifications"
  | "scorecard"
  | "formsParents"
  | "masterConfiguration"
  | "incidentGraph"
  | "support"
  | "nursing"
  | "schools"
  | "createUsers"
  | "createHelpVideos"
  | "jobs";

export interface MenuItem {
  key: MenuIcon;
  /** Key in shell.json (the shell's texts). */
  labelKey: string;
  /** Where choosing the item leads. */
  to: string;
  /** Paths (normalised, no leading slash) that highlight the item; a trailing "/" means "anything under". */
  activeFor: readonly string[];
}

interface Candidate extends MenuItem {
  /** The layout route whose rules decide whether the user sees the item. */
  route: string;
}

const p = (path: string) => normalisePath(path);
const item = (key: MenuIcon, to: string, activeFor: readonly string[] = [p(to)]): Candidate => ({
  key,
  labelKey: `menu.${key}`,
  to,
  route: p(to),
  activeFor,
});

/** Spec §6 "Module keys and menu items", in the table's order. */
const SCHOOL_ITEMS: readonly Candidate[] = [
  item("register", PATHS.register, [p(PATHS.register), p(PATHS.incidentRegistration)]),
  item("strategicVision", PATHS.strategicVision),
  item("archive", PATHS.incidentDetails, [p(PATHS.incidentDetails), p(PATHS.archive)]),
  item("ratings", PATHS.ratings),
  item("notifications", PATHS.notifications),
  item("scorecard", PATHS.scorecard),
  item("formsParents", PATHS.formsParents),
  item("masterConfiguration", PATHS.masterConfiguration, ["master-configuration", "master-configuration/"]),
  item("incidentGraph", PATHS.incidentGraph),
  // Issue 28: external support and inclusion, where counsellors work (their confidential readers only).
  item("support", PATHS.support),
  // Issue 29: the nurse's desk (nursing.read: Enfermería and the Director).
  item("nursing", PATHS.nursing),
];

/** Spec §6: root sees only these (and Logout), and the job runner's screen (issue 25). */
const ROOT_ITEMS: readonly Candidate[] = [
  item("schools", PATHS.adminSchoolCreator),
  item("createUsers", PATHS.adminUserCreator),
  item("createHelpVideos", PATHS.helpVideoCreator),
  // Issue 25 §1: the job runner's view, beside the spec's three platform screens.
  item("jobs", PATHS.adminJobs),
];

const strip = ({ route: _route, ...menuItem }: Candidate): MenuItem => menuItem;

/**
 * The items a user sees: exactly those whose route the guard would let them open. Master configuration opens
 * general-information, or the first child screen the user's permissions allow when that one is closed to them.
 */
export function menuItemsFor(user: GuardUser): MenuItem[] {
  const candidates = user.root === 1 ? ROOT_ITEMS : SCHOOL_ITEMS;
  const visible: MenuItem[] = [];
  for (const candidate of candidates) {
    if (candidate.key === "masterConfiguration") {
      const child = MASTER_CONFIGURATION_ROUTES.find((r) => canOpenRoute(user, r));
      if (child) visible.push({ ...strip(candidate), to: `/${child.path}` });
      continue;
    }
    const route = findLayoutRoute(candidate.route);
    if (route && canOpenRoute(user, route)) visible.push(strip(candidate));
  }
  return visible;
}

/** Whether the item is highlighted on this path (whole segments, case-insensitive, like the guard). */
export function isItemActive(menuItem: MenuItem, pathname: string): boolean {
  const path = normalisePath(pathname);
  return menuItem.activeFor.some((a) => (a.endsWith("/") ? path.startsWith(a) : path === a));
}
