import { type AreaPermission, type ModuleTag, perm } from "./permissions.ts";

/** Paths of the screens outside the layout (spec §2). */
export const PATHS = {
  login: "/",
  schoolSelection: "/Schoolselection",
  changePassword: "/Changepassword",
  recoverPassword: "/RecoverPassword",
  /** Opened from the e-mailed link to set a new password; public like RecoverPassword. */
  resetPassword: "/RecoverPassword/reset",
  notFound: "/page-not-found",
  adminSchoolCreator: "/admin-school-creator",
  adminUserCreator: "/admin-user-creator",
  helpVideoCreator: "/help-video-creator",
  /** The job runner's queues and failures (issue 25 §1), root only. */
  adminJobs: "/admin-jobs",
  account: "/account",
  register: "/register",
  incidentRegistration: "/incident-registration",
  incidentDetails: "/incident-details",
  archive: "/archive",
  strategicVision: "/strategic-vision",
  ratings: "/ratings",
  notifications: "/notifications",
  scorecard: "/scorecard",
  formsParents: "/forms-parents",
  /** The school's open referrals and monitored students (issue 28), where counsellors work. */
  support: "/support",
  /** The nurse's screen (issue 29 §4): search a student, the record, a quick visit, today's visits, proposals. */
  nursing: "/nursing",
  incidentGraph: "/incident-graph",
  masterConfiguration: "/master-configuration/general-information",
} as const;

export interface LayoutRoute {
  /** Path without a leading slash, as the spec writes it. */
  path: string;
  /** Module tags of spec §2; an empty list means "none". */
  tags: readonly ModuleTag[];
  /** The user needs at least one of these (spec §6 table). */
  permissions: readonly AreaPermission[];
  /** The three platform screens. */
  rootOnly: boolean;
  /** i18n key of the navigation title. */
  titleKey: string;
}

const route = (
  path: string,
  tags: readonly ModuleTag[],
  titleKey: string,
  extra: Partial<Pick<LayoutRoute, "permissions" | "rootOnly">> = {},
): LayoutRoute => ({ path, tags, titleKey, permissions: extra.permissions ?? [], rootOnly: extra.rootOnly ?? false });

const mc = "master-configuration" as const;
const crud = <A extends Parameters<typeof perm>[0]>(area: A) =>
  [perm(area, "create"), perm(area, "read"), perm(area, "update"), perm(area, "delete")] as const;

/** Master-configuration children with the permissions that guard them (spec §6, all enforced). */
export const MASTER_CONFIGURATION_ROUTES: readonly LayoutRoute[] = [
  route(`${mc}/general-information`, [mc], "nav.generalInformation", {
    permissions: [perm("master-configuration-school-info", "read"), perm("master-configuration-school-info", "update")],
  }),
  route(`${mc}/user-profile`, [mc], "nav.userProfile", { permissions: crud("master-configuration-users-profiles") }),
  route(`${mc}/level-grade-group`, [mc], "nav.levelGradeGroup", { permissions: crud("master-configuration-sections") }),
  route(`${mc}/subject`, [mc], "nav.subject", { permissions: crud("master-configuration-subjects") }),
  route(`${mc}/scholar-cicle`, [mc], "nav.scholarCicle", { permissions: crud("master-configuration-school-year") }),
  route(`${mc}/school-users`, [mc], "nav.schoolUsers", {
    permissions: [
      perm("master-configuration-users", "create"),
      perm("master-configuration-users", "read"),
      perm("master-configuration-users-massive-upload", "create"),
      perm("master-configuration-users-massive-upload", "read"),
    ],
  }),
  route(`${mc}/students-profile`, [mc], "nav.studentsProfile", {
    permissions: [
      perm("master-configuration-students", "create"),
      perm("master-configuration-students", "read"),
      perm("master-configuration-students", "update"),
      perm("master-configuration-students-massive-upload", "create"),
      perm("master-configuration-students-massive-upload", "read"),
    ],
  }),
  ...(["incidents-configurator", "observations-configurator", "grade-configurator"] as const).map((child) =>
    route(`${mc}/${child}`, [mc], `nav.${child}`, {
      permissions: [
        perm("master-configuration-incident-configurator", "read"),
        perm("master-configuration-incident-configurator", "update"),
      ],
    }),
  ),
  route(`${mc}/cycle-details`, [mc], "nav.cycleDetails", {
    permissions: [perm("master-configuration-past-school-years", "read")],
  }),
  route(`${mc}/reenrollment-students`, [mc], "nav.reenrollmentStudents", {
    permissions: [perm("master-configuration-re-enroll-students", "read")],
  }),
  route(`${mc}/user-reassignment`, [mc], "nav.userReassignment", {
    permissions: [perm("master-configuration-school-user-reassignment", "read")],
  }),
  route(`${mc}/automatic-reports`, [mc], "nav.automaticReports", {
    permissions: [perm("master-configuration-scheduled-reports", "read")],
  }),
  ...(["nursing-configurator", "form-configurator"] as const).map((child) =>
    route(`${mc}/${child}`, [mc], `nav.${child}`, { permissions: [perm("master-configuration-nursing", "read")] }),
  ),
  // Issue 30 §5: retention periods and the retention log (the Director holds it; a school may grant it).
  route(`${mc}/data-retention`, [mc], "nav.dataRetention", {
    permissions: [perm("master-configuration-data-retention", "read")],
  }),
];

/** Every screen inside the layout (spec §2), the platform screens first. */
export const LAYOUT_ROUTES: readonly LayoutRoute[] = [
  route("admin-school-creator", [], "nav.schools", { rootOnly: true }),
  route("admin-user-creator", [], "nav.createUsers", { rootOnly: true }),
  route("help-video-creator", [], "nav.createHelpVideos", { rootOnly: true }),
  route("admin-jobs", [], "nav.jobs", { rootOnly: true }),
  route("account", [], "nav.account"),
  route("incident-registration", ["incidents-registration"], "nav.incidentRegistration"),
  route("register", ["incidents-registration"], "nav.incidentRegistration"),
  route("incident-details", ["incidents-details"], "nav.incidentDetails"),
  route("archive", ["incidents-details"], "nav.incidentDetails"),
  route("strategic-vision", ["strategic-vision"], "nav.strategicVision"),
  route("ratings", ["scorings"], "nav.ratings"),
  route("notifications", ["notifications"], "nav.notifications"),
  route("scorecard", ["scorecard"], "nav.scorecard"),
  route("forms-parents", ["form-student"], "nav.formsParents"),
  // Issue 28: external support and inclusion are read from the incidents' module (where counsellors follow up), by the
  // confidential readers only — holders of external-support.read or inclusion.read (Orientador and Director).
  route("support", ["incidents-details"], "nav.support", {
    permissions: [perm("external-support", "read"), perm("inclusion", "read")],
  }),
  // Issue 29: nursing work under its own module key (module-nursing, Enfermería and Director), read by nursing.read.
  route("nursing", ["nursing"], "nav.nursing", { permissions: [perm("nursing", "read")] }),
  route("incident-graph", ["incidents-graph"], "nav.incidentGraph"),
  route(mc, [mc], "nav.masterConfiguration"),
  ...MASTER_CONFIGURATION_ROUTES,
];

/** Screens outside the layout (spec §2). */
export const OUTSIDE_PATHS = [
  PATHS.login,
  PATHS.schoolSelection,
  PATHS.changePassword,
  PATHS.recoverPassword,
  PATHS.resetPassword,
  PATHS.notFound,
] as const;

/**
 * A path reduced to its segments: query and hash cut first (so "/register/?x" still loses its slash), then the
 * leading and trailing slashes. Lower-cased because the router matches case-insensitively, as history-mode routers
 * do by default; "/" becomes "".
 */
export const normalisePath = (path: string): string =>
  (path.split(/[?#]/)[0] ?? "").replace(/^\/+|\/+$/g, "").toLowerCase();

/** The layout route a path names (whole segments, no prefix match), or undefined when nothing matches. */
export function findLayoutRoute(path: string): LayoutRoute | undefined {
  const p = normalisePath(path);
  return LAYOUT_ROUTES.find((r) => r.path.toLowerCase() === p);
}
