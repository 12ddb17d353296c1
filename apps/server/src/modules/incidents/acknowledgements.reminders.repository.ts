import type { Language } from "@convive/domain";
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  familyLinks,
  incidentAcknowledgementReminders,
  incidentAcknowledgements,
  incidentStudents,
  incidents,
  incidentTypes,
  memberships,
  schools,
  students,
} from "../../db/schema/index.ts";
import { alphabetical, personName } from "../../lib/names.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { groupLabelOf } from "./archive.repository.ts";
import { incidentsWhere, type Scope } from "./scope.ts";

// The SQL of staff's side of the acknowledgements (issue 30 §1): reminders and the families that have not
// acknowledged.

const ack = incidentAcknowledgements;
const reminder = incidentAcknowledgementReminders;

/** The school's date today on its own clock: the day a reminder counts against. */
export const schoolToday = (schoolId: string): SQL<string> =>
  sql<string>`(select (now() at time zone ${schools.timeZone})::date from ${schools} where ${schools.id} = ${schoolId})`;

/**
 * The last reminder of each student's family for some incidents, and whether it went today (school's clock).
 */
export async function lastReminders(db: Tx, schoolId: string, incidentIds: readonly number[]) {
  if (incidentIds.length === 0) return [];
  return db
    .selectDistinctOn([reminder.incidentId, reminder.studentId], {
      incidentId: reminder.incidentId,
      studentId: reminder.studentId,
      sentAt: reminder.sentAt,
      today: sql<boolean>`${reminder.onDay} = ${schoolToday(schoolId)}`,
    })
    .from(reminder)
    .where(ofSchool(reminder, schoolId, inArray(reminder.incidentId, [...incidentIds])))
    .orderBy(asc(reminder.incidentId), asc(reminder.studentId), desc(reminder.onDay));
}

/**
 * Takes today's reminder of one family for the incident: the row's key is the limit, so a second one the same
 * school day (or two at once) writes nothing. Its time when this call took it, undefined otherwise.
 */
export async function takeReminder(
  tx: Tx,
  schoolId: string,
  row: { incidentId: number; studentId: number; sentBy: number; reminded: number },
): Promise<Date | undefined> {
  const [taken] = await tx
    .insert(reminder)
    .values({ schoolId, ...row, onDay: schoolToday(schoolId) })
    .onConflictDoNothing()
    .returning({ sentAt: reminder.sentAt });
  return taken?.sentAt;
}

/**
 * The families that have not acknowledged, newest incident first: each (incident, student) of the scope's incidents
 * of the school year that are shown to families and not cancelled, whose student has an active family member and
 * none of whose family members has acknowledged it. `groupId`: the student's group at the time of the incident.
 */
export function unacknowledgedRows(
  db: Tx,
  scope: Scope,
  filter: { schoolYearId: number; groupId?: number; limit: number; language: Language },
) {
  const ist = incidentStudents;
  // Raw SQL: two correlated EXISTS on the incident's student (the school comes with the outer row's column).
  const hasFamily = sql`exists (select 1 from ${familyLinks} fl
      join ${memberships} m on m.school_id = fl.school_id and m.user_id = fl.user_id and m.is_active
     where fl.school_id = ${ist.schoolId} and fl.student_id = ${ist.studentId})`;
  const acknowledged = sql`exists (select 1 from ${ack} a
      join ${familyLinks} fl on fl.school_id = a.school_id and fl.user_id = a.user_id
     where a.school_id = ${ist.schoolId} and a.incident_id = ${ist.incidentId} and a.meeting_id is null
       and fl.student_id = ${ist.studentId})`;
  return db
    .select({
      incidentId: incidents.id,
      folio: incidents.folio,
      occurredAt: incidents.occurredAt,
      status: incidents.status,
      typeEs: incidentTypes.nameEs,
      typeEn: incidentTypes.nameEn,
      studentId: ist.studentId,
      studentName: personName(students),
      groupLabel: groupLabelOf(ist.schoolId, ist.groupId, filter.language),
    })
    .from(incidents)
    .innerJoin(ist, sameSchool(ist, incidents, eq(ist.incidentId, incidents.id)))
    .innerJoin(students, sameSchool(students, ist, eq(students.id, ist.studentId)))
    .innerJoin(incidentTypes, sameSchool(incidentTypes, incidents, eq(incidentTypes.id, incidents.typeId)))
    .where(
      and(
        incidentsWhere(scope),
        eq(incidents.schoolYearId, filter.schoolYearId),
        eq(incidents.visibleToFamily, true),
        ne(incidents.status, "cancelled"),
        filter.groupId === undefined ? undefined : eq(ist.groupId, filter.groupId),
        hasFamily,
        sql`not ${acknowledged}`,
      ),
    )
    .orderBy(
      desc(incidents.occurredAt),
      desc(incidents.id),
      asc(alphabetical(students.paternalSurname)),
      asc(alphabetical(students.firstName)),
      asc(students.id),
    )
    .limit(filter.limit + 1);
}
