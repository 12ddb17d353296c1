import { INCIDENT_LIMITS, occurrenceCount, type Repeat } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidentStudents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import { isActiveStaff } from "../structure/index.ts";

/** The checks a formative action's fields must pass, on create and on every edit. */

export interface Dates {
  startsOn: string;
  endsOn: string | null;
  repeat: Repeat;
}

/** DATE_RANGE and TOO_MANY_OCCURRENCES on the action's final dates (a repeat needs an end on or after the start). */
export function checkDates(d: Dates) {
  if ((d.repeat !== "none" && d.endsOn === null) || (d.endsOn !== null && d.endsOn < d.startsOn)) {
    throw new AppError("DATE_RANGE", { ends_on: "DATE_RANGE" });
  }
  if (occurrenceCount(d.startsOn, d.endsOn, d.repeat) > INCIDENT_LIMITS.maxOccurrences) {
    throw new AppError("TOO_MANY_OCCURRENCES", { ends_on: "TOO_MANY_OCCURRENCES" });
  }
}

/** The responsible user is an active staff member of the school (Familiar and outsiders: 422 NOT_STAFF). */
export async function requireResponsible(tx: Tx, schoolId: string, userId: number) {
  if (!(await isActiveStaff(tx, schoolId, userId))) throw new AppError("NOT_STAFF", { responsible_id: "NOT_STAFF" });
}

/** An action is for one of the incident's own students (422 STUDENT_NOT_IN_INCIDENT). */
export async function requireStudentOf(tx: Tx, schoolId: string, incidentId: number, studentId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(incidentStudents, { id: incidentStudents.studentId })
    .where(eq(incidentStudents.incidentId, incidentId), eq(incidentStudents.studentId, studentId));
  if (!row) throw new AppError("STUDENT_NOT_IN_INCIDENT", { student_id: "STUDENT_NOT_IN_INCIDENT" });
}
