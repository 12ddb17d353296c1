import { areaAccess } from "../../lib/resource-routes.ts";

/** Subjects and teaching assignments share one area of the permission matrix (spec §6 subject). */
export const subjectsAccess = areaAccess("master-configuration-subjects");
