/** The registration feature's public surface: its options and student search (corrections and the archive reuse them). */
export { useRegistrationOptions } from "./api/registration-options.ts";
export { type StudentSearch, useStudentOptions } from "./api/student-options.ts";
