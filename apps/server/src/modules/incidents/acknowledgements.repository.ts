import type { Language } from "@convive/domain";
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  familyLinks,
  incidentAcknowledgementReminders,
  incidentAcknowledgements,
  incidentStudents,
  incidents,
  incidentTimeline,
  incidentTypes,
  memberships,
  parentMeetings,
  schools,
  students,
  users,
} from "../../db/schema/index.ts";
import { alphabetical, personName, shortName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { groupLabelOf } from "./archive.repository.ts";
import { incidentsWhere, type Scope } from "./scope.ts";

/** What the acknowledgement rules read of an incident in the viewer's scope (undefined outside it: 404). */
export async function incidentInScope(db: Tx, scope: Scope, id: number) {
  const i = incidents;
  const [row] = await db
    .select({
      id: i.id,
      folio: i.folio,
      status: i.status,
      visibleToFamily: i.visibleToFamily,
      studentIds: i.studentIds,
      recordedBy: i.recordedBy,
      occurredAt: i.occurredAt,
      typeEs: incidentTypes.nameEs,
      typeEn: incidentTypes.nameEn,
    })
    .from(i)
    .innerJoin(incidentTypes, sameSchool(incidentTypes, i, eq(incidentTypes.id, i.typeId)))
    .where(and(incidentsWhere(scope), eq(i.id, id)));
  return row;
}
export type AckIncident = NonNullable<Awaited<ReturnType<typeof incidentInScope>>>;

/** A meeting of the school with its incident and minutes (undefined: another school's or none). */
export async function meetingOf(db: Tx, schoolId: string, meetingId: number) {
  const [row] = await forSchool(db, schoolId)
    .pick(parentMeetings, {
      id: parentMeetings.id,
      incidentId: parentMeetings.incidentId,
      minutes: parentMeetings.minutes,
    })
    .where(eq(parentMeetings.id, meetingId));
  return row;
}

/** The meetings of an incident that have minutes to acknowledge. */
export function meetingsWithMinutes(db: Tx, schoolId: string, incidentId: number) {
  return forSchool(db, schoolId)
    .pick(parentMeetings, { id: parentMeetings.id })
    .where(eq(parentMeetings.incidentId, incidentId), sql`coalesce(btrim(${parentMeetings.minutes}), '') <> ''`)
    .orderBy(asc(parentMeetings.scheduledAt), asc(parentMeetings.id));
}

/**
 * The active family members of some students, with their relationship and name (class-list order within each
 * student): who is asked to acknowledge, and who a reminder reaches.
 */
export function familiesOf(db: Tx, schoolId: string, studentIds: readonly number[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      studentId: familyLinks.studentId,
      userId: familyLinks.userId,
      relationship: familyLinks.relationship,
      name: personName(users),
    })
    .from(familyLinks)
    .innerJoin(users, eq(users.id, familyLinks.userId))
    .innerJoin(
      memberships,
      sameSchool(memberships, familyLinks, eq(memberships.userId, familyLinks.userId), eq(memberships.isActive, true)),
    )
    .where(ofSchool(familyLinks, schoolId, inArray(familyLinks.studentId, [...studentIds])))
    .orderBy(asc(alphabetical(users.firstName)), asc(alphabetical(users.paternalSurname)), asc(users.id));
}
export type FamilyRow = Awaited<ReturnType<typeof familiesOf>>[number];

const ack = incidentAcknowledgements;
const ackFields = {
  id: ack.id,
  incidentId: ack.incidentId,
  meetingId: ack.meetingId,
  userId: ack.userId,
  userName: shortName(users),
  disagrees: ack.disagrees,
  comment: ack.comment,
  sessionId: ack.sessionId,
  device: ack.device,
  acknowledgedAt: ack.acknowledgedAt,
};

/** Every acknowledgement of an incident and of its meetings' minutes, oldest first. */
export function acknowledgementsOf(db: Tx, schoolId: string, incidentIds: readonly number[]) {
  if (incidentIds.length === 0) return Promise.resolve([]);
  return db
    .select(ackFields)
    .from(ack)
    .innerJoin(users, eq(users.id, ack.userId))
    .where(ofSchool(ack, schoolId, inArray(ack.incidentId, [...incidentIds])))
    .orderBy(asc(ack.acknowledgedAt), asc(ack.id));
}
export type AckRow = Awaited<ReturnType<typeof acknowledgementsOf>>[number];

/** One member's acknowledgement of the incident (meetingId null) or of a meeting's minutes. */
export async function acknowledgementBy(
  db: Tx,
  schoolId: string,
  who: { incidentId: number; meetingId: number | null; userId: number },
) {
  const [row] = await db
    .select(ackFields)
    .from(ack)
    .innerJoin(users, eq(users.id, ack.userId))
    .where(
      ofSchool(
        ack,
        schoolId,
        eq(ack.incidentId, who.incidentId),
        eq(ack.userId, who.userId),
        who.meetingId === null ? isNull(ack.meetingId) : eq(ack.meetingId, who.meetingId),
      ),
    );
  return row;
}

/**
 * Writes the acknowledgement unless the member already made it (the partial unique indexes say so, also for two
 * requests at once): its id when this call wrote it, undefined for a repeat.
 */
export async function insertAcknowledgement(
  tx: Tx,
  schoolId: string,
  row: Omit<typeof ack.$inferInsert, "schoolId" | "id" | "acknowledgedAt">,
): Promise<number | undefined> {
  const [written] = await forSchool(tx, schoolId).insert(ack, row).onConflictDoNothing().returning({ id: ack.id });
  return written?.id;
}

/** The incident's append-only timeline: one entry. */
export async function addTimelineEntry(
  tx: Tx,
  schoolId: string,
  entry: { incidentId: number; event: string; userId: number; details: Record<string, unknown> },
) {
  await forSchool(tx, schoolId).insert(incidentTimeline, entry);
}

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
