// The students module's public surface: the students access rule, a student row, the join to a student's group
// of a year (the student's file) and address cleaning (families).
export { studentsAccess } from "./access.ts";
export { findStudent, joinGroup } from "./students.repository.ts";
export { studentsModule } from "./students.routes.ts";
export { cleanAddress } from "./students.service.ts";
