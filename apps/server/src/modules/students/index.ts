// The students module's public surface: the students access rule, a student row and address cleaning (families).
export { studentsAccess } from "./access.ts";
export { findStudent } from "./students.repository.ts";
export { cleanAddress } from "./students.service.ts";
