import { perm } from "@convive/domain";

type Action = "create" | "read" | "update" | "delete" | "search";

/** Students and their families share one area of the matrix (spec §6 students-profile). */
export const studentsAccess = (...actions: Action[]) =>
  ({ access: "school", permissions: actions.map((a) => perm("master-configuration-students", a)) }) as const;
