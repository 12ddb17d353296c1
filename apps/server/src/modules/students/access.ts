import { areaAccess } from "../../lib/resource-routes.ts";

/** Students and their families share one area of the matrix (spec §6 students-profile). */
export const studentsAccess = areaAccess("master-configuration-students");
