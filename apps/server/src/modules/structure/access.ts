import { areaAccess } from "../../lib/resource-routes.ts";

/** Sections, grades and groups share one area of the permission matrix (spec §6 level-grade-group). */
export const sectionsAccess = areaAccess("master-configuration-sections");
