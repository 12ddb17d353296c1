import { byText, type MeetingMode, type MeetingStatus, type ParentMeeting } from "@convive/domain";
import { and, asc, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  familyLinks,
  incidentStudents,
  incidents,
  memberships,
  parentMeetingAttendees,
  parentMeetings,
  profiles,
  users,
} from "../../db/schema/index.ts";
import { alphabetical, personName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool, schoolRows } from "../../lib/tenant-db.ts";

export type MeetingRow = typeof parentMeetings.$inferSelect;
export type AttendeeKind = "family" | "staff";
export interface Candidate {
  id: number;
  name: string;
  kind: AttendeeKind;
}

const meetingRows = schoolRows(parentMeetings);
/** The meeting of the school, locked for the rest of the transaction when asked. */
export const findMeeting = meetingRows.find;
export const insertMeeting = meetingRows.insert;

export async function updateMeeting(
  tx: Tx,
  schoolId: string,
  id: number,
  patch: Partial<typeof parentMeetings.$inferInsert>,
) {
  await forSchool(tx, schoolId)
    .update(parentMeetings, { ...patch, updatedAt: new Date() })
    .where(eq(parentMeetings.id, id));
}

export async function attendeesOf(tx: Tx, schoolId: string, meetingId: number) {
  return forSchool(tx, schoolId)
    .pick(parentMeetingAttendees, { id: parentMeetingAttendees.userId, kind: parentMeetingAttendees.kind })
    .where(eq(parentMeetingAttendees.meetingId, meetingId));
}

/** Replaces the meeting's attendees. */
export async function setAttendees(tx: Tx, schoolId: string, meetingId: number, list: readonly Candidate[]) {
  await forSchool(tx, schoolId).delete(parentMeetingAttendees).where(eq(parentMeetingAttendees.meetingId, meetingId));
  if (list.length === 0) return;
  await tx
    .insert(parentMeetingAttendees)
    .values(list.map((a) => ({ schoolId, meetingId, userId: a.id, kind: a.kind })));
}

const activeMember = (schoolId: string) =>
  ofSchool(memberships, schoolId, eq(memberships.isActive, true), eq(users.isActive, true));

/**
 * Who may attend a meeting about the incident: the active family members linked to its students, and the
 * school's active staff (every profile but Familiar). `ids` narrows both lists.
 */
export async function candidates(tx: Tx, schoolId: string, incidentId: number, ids?: readonly number[]) {
  if (ids && ids.length === 0) return { family: [], staff: [] };
  const only = ids ? inArray(users.id, [...ids]) : undefined;
  const family = await tx
    .selectDistinct({ id: users.id, name: personName(users) })
    .from(familyLinks)
    .innerJoin(
      incidentStudents,
      sameSchool(incidentStudents, familyLinks, eq(incidentStudents.studentId, familyLinks.studentId)),
    )
    .innerJoin(users, eq(users.id, familyLinks.userId))
    .innerJoin(memberships, sameSchool(memberships, familyLinks, eq(memberships.userId, users.id)))
    .where(ofSchool(familyLinks, schoolId, eq(incidentStudents.incidentId, incidentId), activeMember(schoolId), only))
    // DISTINCT orders only by what it selects, so the alphabet is applied to the few rows here.
    .then((rows) => rows.sort(byText("es", (r) => r.name)));
  const staff = await tx
    .select({ id: users.id, name: personName(users) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
    .where(and(activeMember(schoolId), sql`coalesce(${profiles.templateKey}, '') <> 'familiar'`, only))
    .orderBy(asc(alphabetical(personName(users))));
  return { family, staff };
}

/** Which of the incident's students each family candidate is family of (a meeting's "also invite" choice). */
export async function familyStudents(tx: Tx, schoolId: string, incidentId: number) {
  const rows = await tx
    .select({ userId: familyLinks.userId, studentId: familyLinks.studentId })
    .from(familyLinks)
    .innerJoin(
      incidentStudents,
      sameSchool(incidentStudents, familyLinks, eq(incidentStudents.studentId, familyLinks.studentId)),
    )
    .where(ofSchool(familyLinks, schoolId, eq(incidentStudents.incidentId, incidentId)))
    .orderBy(asc(familyLinks.studentId));
  const byUser = new Map<number, number[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.studentId]);
  return byUser;
}

export interface MeetingFilter {
  ids?: number[];
  incidentId?: number;
  /** Condition on `incidents` and the meeting (the caller's scope). */
  visible?: SQL;
  upcoming?: Date;
  limit?: number;
}

const creator = alias(users, "creator");
const attendee = alias(users, "attendee");

/** The caller is among the meeting's attendees (a condition on parent_meetings). */
// Raw SQL: a correlated exists() on the outer meeting row, keyed by its school (the helper builds whole queries).
export const attends = (userId: number) =>
  sql`exists (select 1 from parent_meeting_attendees pa
               where pa.school_id = ${parentMeetings.schoolId} and pa.meeting_id = ${parentMeetings.id}
                 and pa.user_id = ${userId})`;

/** Meetings in the response shape: upcoming ones soonest first, otherwise the latest first. */
export async function loadMeetings(tx: Tx, schoolId: string, filter: MeetingFilter): Promise<ParentMeeting[]> {
  const m = parentMeetings;
  const rows = await tx
    .select({ meeting: m, incident_folio: incidents.folio, created_by_name: personName(creator) })
    .from(m)
    .innerJoin(incidents, ofSchool(incidents, m.schoolId, eq(incidents.id, m.incidentId)))
    .innerJoin(creator, eq(creator.id, m.createdBy))
    .where(
      ofSchool(
        m,
        schoolId,
        filter.ids ? inArray(m.id, filter.ids) : undefined,
        filter.incidentId ? eq(m.incidentId, filter.incidentId) : undefined,
        filter.upcoming ? and(gte(m.scheduledAt, filter.upcoming), eq(m.status, "scheduled")) : undefined,
        filter.visible,
      ),
    )
    .orderBy(...(filter.upcoming ? [asc(m.scheduledAt), asc(m.id)] : [desc(m.scheduledAt), desc(m.id)]))
    .limit(filter.limit ?? 500);
  if (rows.length === 0) return [];
  const people = await tx
    .select({
      meetingId: parentMeetingAttendees.meetingId,
      id: attendee.id,
      name: personName(attendee),
      kind: parentMeetingAttendees.kind,
    })
    .from(parentMeetingAttendees)
    .innerJoin(attendee, eq(attendee.id, parentMeetingAttendees.userId))
    .where(
      ofSchool(
        parentMeetingAttendees,
        schoolId,
        inArray(
          parentMeetingAttendees.meetingId,
          rows.map((r) => r.meeting.id),
        ),
      ),
    )
    .orderBy(desc(parentMeetingAttendees.kind), asc(alphabetical(personName(attendee))));
  return rows.map(({ meeting: r, ...joined }) => ({
    id: r.id,
    incident_id: r.incidentId,
    incident_folio: joined.incident_folio,
    scheduled_at: r.scheduledAt.toISOString(),
    mode: r.mode as MeetingMode,
    place: r.place,
    meeting_url: r.meetingUrl,
    status: r.status as MeetingStatus,
    agreements: r.agreements,
    minutes: r.minutes,
    attendees: people
      .filter((p) => p.meetingId === r.id)
      .map((p) => ({ id: p.id, name: p.name, kind: p.kind as AttendeeKind })),
    created_by: { id: r.createdBy, name: joined.created_by_name },
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

/** Family members linked to the user's own children (the user included): whom a family may see in a meeting. */
export async function coParents(tx: Tx, schoolId: string, userId: number): Promise<Set<number>> {
  // The subquery is raw (drizzle has no `in (subquery)` on a scoped builder) and names the school itself.
  const rows = await forSchool(tx, schoolId)
    .pick(familyLinks, { id: familyLinks.userId })
    .where(sql`${familyLinks.studentId} in (select fl.student_id from family_links fl
                                          where fl.school_id = ${schoolId} and fl.user_id = ${userId})`);
  return new Set([userId, ...rows.map((r) => r.id)]);
}
