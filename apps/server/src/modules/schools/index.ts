// The schools module's public surface: the school rows (admin, school-info, students, the seed create and read them).
export {
  findSchool,
  insertSchoolWithProfiles,
  listSchools,
  type SchoolRow,
  updateSchool,
} from "./schools.repository.ts";
