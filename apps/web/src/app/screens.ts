import { type ComponentType, type LazyExoticComponent, lazy } from "react";

type Screen = LazyExoticComponent<ComponentType>;

/**
 * The screen of each layout route (paths as in LAYOUT_ROUTES of packages/domain). A route without an entry
 * shows its title and an honest empty state until its feature lands.
 */
export const SCREENS: Record<string, Screen> = {
  account: lazy(() => import("../features/account/routes/AccountPage.tsx")),
  "admin-school-creator": lazy(() => import("../features/admin/routes/SchoolsPage.tsx")),
  "admin-jobs": lazy(() => import("../features/admin/routes/JobsPage.tsx")),
  "admin-user-creator": lazy(() => import("../features/admin/routes/UsersPage.tsx")),
  "help-video-creator": lazy(() => import("../features/admin/routes/HelpVideosPage.tsx")),
  archive: lazy(() => import("../features/incidents/IncidentsPage.tsx")),
  "incident-details": lazy(() => import("../features/incidents/IncidentsPage.tsx")),
  "incident-graph": lazy(() => import("../features/incident-graph/IncidentGraphPage.tsx")),
  "forms-parents": lazy(() => import("../features/forms/routes/FormsParentsPage.tsx")),
  support: lazy(() => import("../features/external-support/routes/SupportPage.tsx")),
  nursing: lazy(() => import("../features/nursing/routes/NursingPage.tsx")),
  "master-configuration/nursing-configurator": lazy(
    () => import("../features/nursing/configurator/NursingConfiguratorPage.tsx"),
  ),
  "incident-registration": lazy(() => import("../features/incident-registration/RegistrationPage.tsx")),
  register: lazy(() => import("../features/incident-registration/RegistrationPage.tsx")),
  "master-configuration/general-information": lazy(
    () => import("../features/master-configuration/general-information/GeneralInformationPage.tsx"),
  ),
  "master-configuration/scholar-cicle": lazy(
    () => import("../features/master-configuration/school-years/SchoolYearsPage.tsx"),
  ),
  "master-configuration/cycle-details": lazy(
    () => import("../features/master-configuration/cycle-details/CycleDetailsPage.tsx"),
  ),
  "master-configuration/reenrollment-students": lazy(
    () => import("../features/master-configuration/reenrollment/ReenrollmentPage.tsx"),
  ),
  "master-configuration/level-grade-group": lazy(
    () => import("../features/master-configuration/structure/StructurePage.tsx"),
  ),
  "master-configuration/incidents-configurator": lazy(
    () => import("../features/master-configuration/incidents-configurator/IncidentsConfiguratorPage.tsx"),
  ),
  "master-configuration/observations-configurator": lazy(
    () => import("../features/master-configuration/observations-configurator/ObservationsConfiguratorPage.tsx"),
  ),
  "master-configuration/form-configurator": lazy(() => import("../features/forms/routes/FormConfiguratorPage.tsx")),
  "master-configuration/data-retention": lazy(() => import("../features/retention/routes/DataRetentionPage.tsx")),
  "master-configuration/automatic-reports": lazy(
    () => import("../features/scheduled-reports/routes/ScheduledReportsPage.tsx"),
  ),
  "master-configuration/grade-configurator": lazy(
    () => import("../features/master-configuration/grade-configurator/GradeConfiguratorPage.tsx"),
  ),
  "master-configuration/subject": lazy(() => import("../features/master-configuration/subject/SubjectPage.tsx")),
  "master-configuration/school-users": lazy(
    () => import("../features/master-configuration/school-users/SchoolUsersPage.tsx"),
  ),
  "master-configuration/students-profile": lazy(
    () => import("../features/master-configuration/students-profile/StudentsProfilePage.tsx"),
  ),
  // Issue 31 §2: hand one member's open work to another.
  "master-configuration/user-reassignment": lazy(
    () => import("../features/master-configuration/user-reassignment/UserReassignmentPage.tsx"),
  ),
  "master-configuration/user-profile": lazy(
    () => import("../features/master-configuration/profiles-admin/ProfilesAdminPage.tsx"),
  ),
  notifications: lazy(() => import("../features/notifications/routes/NotificationsPage.tsx")),
  "strategic-vision": lazy(() => import("../features/strategic-vision/StrategicVisionPage.tsx")),
  ratings: lazy(() => import("../features/ratings/routes/RatingsPage.tsx")),
  scorecard: lazy(() => import("../features/scorecard/routes/ScorecardPage.tsx")),
};
