// The schools module's public surface: the school rows (admin, school-info, students, the seed create and read them)
// and the setup progress (users read whether a school is still being set up for the landing view).

export { createSetup, schoolsModule } from "./schools.module.ts";
export {
  findSchool,
  insertSchoolWithProfiles,
  listSchools,
  type SchoolRow,
  updateSchool,
} from "./schools.repository.ts";
// The stages themselves, read by the strategic vision dashboard (issue 14).
export { setupStages } from "./setup.repository.ts";
export type { SetupProgress } from "./setup-progress.service.ts";
