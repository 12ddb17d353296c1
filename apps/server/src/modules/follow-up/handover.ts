import { and, asc, count, eq, gte, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  formativeActions,
  incidents,
  incidentTimeline,
  incidentTypes,
  parentMeetingAttendees,
  parentMeetings,
  students,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { NO_PROBLEM, rowIds, type WorkHandover } from "../../lib/work-handover.ts";
import { incidentLink } from "./shared.ts";

// ── Formative actions ─────────────────────────────────────────────────────────────────────────────────────────

/** Still to do: neither waived nor completed (completion clears next_due_on), of an incident not cancelled. */
const openAction = (schoolId: string) =>
  and(
    ofSchool(formativeActions, schoolId, isNull(formativeActions.waivedAt), isNotNull(formativeActions.nextDueOn)),
    ne(incidents.status, "cancelled"),
  );

/**
 * Issue 31 §2: the formative actions a user is responsible for and that are still open. The receiver becomes the
 * responsible; each action's incident gets an "action-updated" entry naming the new responsible.
 */
export const formativeActionsHandover: WorkHandover = {
  kind: "formative-actions",

  async countByUser(tx, schoolId) {
    const rows = await tx
      .select({ userId: formativeActions.responsibleId, n: count() })
      .from(formativeActions)
      .innerJoin(incidents, sameSchool(incidents, formativeActions, eq(incidents.id, formativeActions.incidentId)))
      .where(openAction(schoolId))
      .groupBy(formativeActions.responsibleId);
    return new Map(rows.map((r) => [r.userId, r.n]));
  },

  async held(tx, schoolId, userId) {
    const rows = await tx
      .select({
        id: formativeActions.id,
        guideline: formativeActions.guideline,
        nextDueOn: formativeActions.nextDueOn,
        incidentId: incidents.id,
        folio: incidents.folio,
        student: personName(students),
      })
      .from(formativeActions)
      .innerJoin(incidents, sameSchool(incidents, formativeActions, eq(incidents.id, formativeActions.incidentId)))
      .innerJoin(students, sameSchool(students, formativeActions, eq(students.id, formativeActions.studentId)))
      .where(and(openAction(schoolId), eq(formativeActions.responsibleId, userId)))
      .orderBy(asc(formativeActions.nextDueOn), asc(formativeActions.id));
    return rows.map((a) => ({
      id: String(a.id),
      title: a.guideline,
      detail: a.student,
      folio: a.folio,
      when: a.nextDueOn,
      href: incidentLink(a.incidentId),
    }));
  },

  check: async () => NO_PROBLEM,

  async apply(tx, schoolId, move) {
    const moved = await tx
      .update(formativeActions)
      .set({ responsibleId: move.to })
      .where(
        ofSchool(
          formativeActions,
          schoolId,
          eq(formativeActions.responsibleId, move.from),
          inArray(formativeActions.id, rowIds(move.ids)),
        ),
      )
      .returning({ id: formativeActions.id, incidentId: formativeActions.incidentId });
    // One entry per action, in one statement (a leaving teacher may hold hundreds).
    if (moved.length === 0) return;
    await tx.insert(incidentTimeline).values(
      moved.map((action) => ({
        schoolId,
        incidentId: action.incidentId,
        event: "action-updated" as const,
        userId: move.actorId,
        details: {
          action_id: action.id,
          fields: ["responsible_id"],
          responsible_id: move.to,
          responsible: move.toName,
          reassignment_id: move.reassignmentId,
        },
      })),
    );
  },
};

// ── Parent meetings ───────────────────────────────────────────────────────────────────────────────────────────

/** Still ahead: scheduled, at a time not yet past. */
const upcoming = (schoolId: string) =>
  ofSchool(
    parentMeetings,
    schoolId,
    eq(parentMeetings.status, "scheduled"),
    gte(parentMeetings.scheduledAt, sql`now()`),
  );

/** The staff attendee rows of `userId` at upcoming meetings. */
const attending = (schoolId: string, userId?: number) =>
  and(
    upcoming(schoolId),
    eq(parentMeetingAttendees.kind, "staff"),
    userId === undefined ? undefined : eq(parentMeetingAttendees.userId, userId),
  );

/** Of `meetingIds`, those `userId` already attends (as staff or otherwise: one place per person). */
async function alreadyAttending(tx: Tx, schoolId: string, userId: number, meetingIds: number[]) {
  const rows = await tx
    .select({ id: parentMeetingAttendees.meetingId })
    .from(parentMeetingAttendees)
    .where(
      ofSchool(
        parentMeetingAttendees,
        schoolId,
        eq(parentMeetingAttendees.userId, userId),
        inArray(parentMeetingAttendees.meetingId, meetingIds),
      ),
    );
  return new Set(rows.map((r) => String(r.id)));
}

/**
 * Issue 31 §2: the upcoming parent meetings a user attends for the school. The receiver takes their place among
 * the attendees (a receiver already invited keeps their one place); each meeting's incident gets a
 * "meeting-updated" entry.
 */
export const parentMeetingsHandover: WorkHandover = {
  kind: "parent-meetings",

  async countByUser(tx, schoolId) {
    const rows = await tx
      .select({ userId: parentMeetingAttendees.userId, n: count() })
      .from(parentMeetingAttendees)
      .innerJoin(
        parentMeetings,
        sameSchool(parentMeetings, parentMeetingAttendees, eq(parentMeetings.id, parentMeetingAttendees.meetingId)),
      )
      .where(attending(schoolId))
      .groupBy(parentMeetingAttendees.userId);
    return new Map(rows.map((r) => [r.userId, r.n]));
  },

  async held(tx, schoolId, userId, reader) {
    const rows = await tx
      .select({
        id: parentMeetings.id,
        scheduledAt: parentMeetings.scheduledAt,
        incidentId: incidents.id,
        folio: incidents.folio,
        typeEs: incidentTypes.nameEs,
        typeEn: incidentTypes.nameEn,
        // The incident's students by name, for staff who schedule with families (never read by a family).
        students: sql<string>`(select string_agg(concat_ws(' ', s.first_name, nullif(s.paternal_surname, ''),
                                 nullif(s.maternal_surname, '')), ', ' order by s.paternal_surname, s.first_name)
                               from incident_students i join students s on s.school_id = i.school_id and s.id = i.student_id
                               where i.school_id = ${parentMeetings.schoolId} and i.incident_id = ${parentMeetings.incidentId})`,
      })
      .from(parentMeetingAttendees)
      .innerJoin(
        parentMeetings,
        sameSchool(parentMeetings, parentMeetingAttendees, eq(parentMeetings.id, parentMeetingAttendees.meetingId)),
      )
      .innerJoin(incidents, sameSchool(incidents, parentMeetings, eq(incidents.id, parentMeetings.incidentId)))
      .innerJoin(incidentTypes, sameSchool(incidentTypes, incidents, eq(incidentTypes.id, incidents.typeId)))
      .where(attending(schoolId, userId))
      .orderBy(asc(parentMeetings.scheduledAt), asc(parentMeetings.id));
    return rows.map((m) => ({
      id: String(m.id),
      title: reader.lang === "en" ? (m.typeEn ?? m.typeEs) : m.typeEs,
      detail: m.students,
      folio: m.folio,
      when: m.scheduledAt.toISOString(),
      href: incidentLink(m.incidentId),
    }));
  },

  async check(tx, schoolId, move) {
    return { problem: null, merged: await alreadyAttending(tx, schoolId, move.to, rowIds(move.ids)) };
  },

  async apply(tx, schoolId, move) {
    const ids = rowIds(move.ids);
    const merged = await alreadyAttending(tx, schoolId, move.to, ids);
    const mine = (meetingIds: number[]) =>
      ofSchool(
        parentMeetingAttendees,
        schoolId,
        eq(parentMeetingAttendees.userId, move.from),
        inArray(parentMeetingAttendees.meetingId, meetingIds),
      );
    const joined = ids.filter((id) => merged.has(String(id)));
    const taken = ids.filter((id) => !merged.has(String(id)));
    if (joined.length > 0) await tx.delete(parentMeetingAttendees).where(mine(joined));
    if (taken.length > 0) await tx.update(parentMeetingAttendees).set({ userId: move.to }).where(mine(taken));
    const meetings = await tx
      .select({ id: parentMeetings.id, incidentId: parentMeetings.incidentId })
      .from(parentMeetings)
      .where(ofSchool(parentMeetings, schoolId, inArray(parentMeetings.id, ids)));
    if (meetings.length === 0) return;
    await tx.insert(incidentTimeline).values(
      meetings.map((meeting) => ({
        schoolId,
        incidentId: meeting.incidentId,
        event: "meeting-updated" as const,
        userId: move.actorId,
        details: {
          meeting_id: meeting.id,
          fields: ["attendee_ids"],
          from_user_id: move.from,
          to_user_id: move.to,
          reassignment_id: move.reassignmentId,
        },
      })),
    );
  },
};
