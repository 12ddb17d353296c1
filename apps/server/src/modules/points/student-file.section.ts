import { perm } from "@convive/domain";
import type { StudentFileSection } from "../../lib/student-file-section.ts";
import { studentPoints } from "./ledger.service.ts";
import { reachable, scopeOf } from "./points.scope.ts";

/**
 * The Points tab of a student's file. Its figure is the student's points, not how many movements there are
 * (issue 26 §6): the running balance the tab itself shows as "Saldo", the same for every reader (issue 26 §2).
 * Readers whose points scope does not reach the student (a teacher who opens the file through an incident they
 * recorded in another group) do not get the tab, as `GET /api/students/:id/points` answers 404.
 */
export const pointsFileSection: StudentFileSection = {
  key: "points",
  order: 25,
  async count(tx, viewer, studentId) {
    if (!viewer.tenant.grants.has(perm("scorings", "read"))) return null;
    const scope = await scopeOf(tx, viewer);
    if (!(await reachable(tx, viewer.tenant.schoolId, scope, [studentId])).has(studentId)) return null;
    const points = await studentPoints(tx, viewer, studentId, undefined, scope);
    return points.balances.balance;
  },
};
