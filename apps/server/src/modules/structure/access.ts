import { perm } from "@convive/domain";

/** Sections, grades and groups share one area of the permission matrix (spec §6 level-grade-group). */
export const sectionsAccess = (action: "create" | "read" | "update" | "delete") =>
  ({ access: "school", permissions: [perm("master-configuration-sections", action)] }) as const;
