import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  familyLinks,
  incidentAcknowledgements,
  incidents,
  incidentTimeline,
  incidentTypes,
  memberships,
  parentMeetings,
  users,
} from "../../db/schema/index.ts";
import { alphabetical, personName, shortName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
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
