import type { ParentMeetingBody, UpdateParentMeetingBody } from "@convive/domain";
import { and, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { incidentsWhere, inStudentIds, requireFilterableStudent, resolveScope } from "../incidents/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import * as repo from "./parent-meetings.repository.ts";
import { type IncidentRef, incidentInScope, requireStaff, type Viewer } from "./scope.ts";
import { appendTimeline, incidentLink, snake } from "./shared.ts";

/**
 * Meetings can be held about open and closed incidents (the follow-up with a family often comes after closing),
 * never about a cancelled one.
 */
function requireNotCancelled(incident: IncidentRef) {
  if (incident.status === "cancelled") throw new AppError("INCIDENT_NOT_OPEN");
}

/** Every id must be a family member of the incident's students or active staff (422 INVALID_ATTENDEE). */
async function resolveAttendees(tx: Tx, schoolId: string, incidentId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const { family, staff } = await repo.candidates(tx, schoolId, incidentId, unique);
  const byId = new Map<number, repo.Candidate>();
  for (const s of staff) byId.set(s.id, { ...s, kind: "staff" });
  for (const f of family) byId.set(f.id, { ...f, kind: "family" });
  if (byId.size !== unique.length) throw new AppError("INVALID_ATTENDEE", { attendee_ids: "INVALID_ATTENDEE" });
  return unique.map((id) => byId.get(id)!);
}

/** Parent meetings about an incident (design §4): scheduled, held, cancelled or no-show, with minutes. */
export function createParentMeetingsService(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;

  const outOne = async (tx: Tx, schoolId: string, id: number) =>
    (await repo.loadMeetings(tx, schoolId, { ids: [id] }))[0]!;

  /** Tells family attendees, each in their own language, that a meeting is set (or called off). */
  async function tellFamilies(
    tx: Tx,
    schoolId: string,
    meeting: { incidentId: number; scheduledAt: Date },
    folio: number,
    userIds: number[],
    type: "meeting.scheduled" | "meeting.cancelled",
  ) {
    if (userIds.length === 0) return null;
    // The instant itself: written when read, in each reader's language on the school's clock.
    return notifications.notify(tx, {
      schoolId,
      userIds,
      type,
      params: { folio, date: meeting.scheduledAt.toISOString() },
      link: incidentLink(meeting.incidentId),
    });
  }

  /** A meeting the caller reaches (its incident is in their scope, or they attend it), with its incident locked. */
  async function reachable(tx: Tx, viewer: Viewer, id: number) {
    const found = await repo.findMeeting(tx, viewer.tenant.schoolId, id);
    if (!found) throw new AppError("NOT_FOUND");
    const attending = (await repo.attendeesOf(tx, viewer.tenant.schoolId, id)).some((a) => a.id === viewer.userId);
    const incident = await incidentInScope(tx, viewer, found.incidentId, {
      lock: true,
      wholeSchool: attending,
    });
    return { meeting: (await repo.findMeeting(tx, viewer.tenant.schoolId, id, true))!, incident };
  }

  /** Schedules a meeting about an open or closed incident (parent-meetings.create); families invited are told. */
  async function create(viewer: Viewer, incidentId: number, body: ParentMeetingBody) {
    requireStaff(viewer);
    const { schoolId } = viewer.tenant;
    const { id, notified } = await db.transaction(async (tx) => {
      const incident = await incidentInScope(tx, viewer, incidentId, { lock: true });
      requireNotCancelled(incident);
      const attendees = await resolveAttendees(tx, schoolId, incidentId, body.attendee_ids);
      const row = await repo.insertMeeting(tx, {
        schoolId,
        incidentId,
        scheduledAt: new Date(body.scheduled_at),
        mode: body.mode,
        place: body.place ?? null,
        meetingUrl: body.meeting_url ?? null,
        agreements: body.agreements ?? null,
        minutes: body.minutes ?? null,
        createdBy: viewer.userId,
      });
      await repo.setAttendees(tx, schoolId, row.id, attendees);
      await appendTimeline(tx, {
        schoolId,
        incidentId,
        event: "meeting-scheduled",
        userId: viewer.userId,
        details: { meeting_id: row.id, scheduled_at: row.scheduledAt.toISOString() },
      });
      // A meeting recorded after it took place is nothing to be told about.
      const families = row.scheduledAt >= new Date() ? attendees.filter((a) => a.kind === "family") : [];
      const notified = await tellFamilies(
        tx,
        schoolId,
        row,
        incident.folio,
        families.map((a) => a.id),
        "meeting.scheduled",
      );
      return { id: row.id, notified };
    });
    notified?.publish();
    return outOne(db, schoolId, id);
  }

  /**
   * Edits a meeting, its attendees (replaced when given) and its status (parent-meetings.update). Families are
   * told when it is moved or set again, newly invited ones when they are added, and all when it is cancelled.
   */
  async function update(viewer: Viewer, id: number, body: UpdateParentMeetingBody) {
    requireStaff(viewer);
    const { schoolId } = viewer.tenant;
    const notified = await db.transaction(async (tx) => {
      const { meeting, incident } = await reachable(tx, viewer, id);
      requireNotCancelled(incident);
      const next = {
        scheduledAt: body.scheduled_at === undefined ? meeting.scheduledAt : new Date(body.scheduled_at),
        mode: body.mode ?? meeting.mode,
        place: body.place === undefined ? meeting.place : body.place,
        meetingUrl: body.meeting_url === undefined ? meeting.meetingUrl : body.meeting_url,
        agreements: body.agreements === undefined ? meeting.agreements : body.agreements,
        minutes: body.minutes === undefined ? meeting.minutes : body.minutes,
        status: body.status ?? meeting.status,
      };
      const fields: string[] = Object.entries(next)
        .filter(([k, v]) => {
          const before = meeting[k as keyof typeof next];
          return v instanceof Date ? v.getTime() !== (before as Date).getTime() : v !== before;
        })
        .map(([k]) => snake(k));
      const before = await repo.attendeesOf(tx, schoolId, id);
      const attendees = body.attendee_ids
        ? await resolveAttendees(tx, schoolId, meeting.incidentId, body.attendee_ids)
        : null;
      const beforeIds = new Set(before.map((a) => a.id));
      if (attendees && (attendees.length !== before.length || attendees.some((a) => !beforeIds.has(a.id)))) {
        fields.push("attendee_ids");
      }
      if (fields.length === 0) return null;
      await repo.updateMeeting(tx, schoolId, id, next);
      if (attendees) await repo.setAttendees(tx, schoolId, id, attendees);
      await appendTimeline(tx, {
        schoolId,
        incidentId: meeting.incidentId,
        event: "meeting-updated",
        userId: viewer.userId,
        details: { meeting_id: id, fields, ...(fields.includes("status") ? { status: next.status } : {}) },
      });

      const families = (attendees ?? before).filter((a) => a.kind === "family").map((a) => a.id);
      const target = { incidentId: meeting.incidentId, scheduledAt: next.scheduledAt };
      if (next.status === "cancelled" && meeting.status === "scheduled") {
        const told = before.filter((a) => a.kind === "family").map((a) => a.id);
        return tellFamilies(tx, schoolId, target, incident.folio, told, "meeting.cancelled");
      }
      if (next.status !== "scheduled" || next.scheduledAt < new Date()) return null;
      const setAgain = fields.includes("scheduled_at") || meeting.status !== "scheduled";
      const recipients = setAgain ? families : families.filter((f) => !beforeIds.has(f));
      return tellFamilies(tx, schoolId, target, incident.folio, recipients, "meeting.scheduled");
    });
    notified?.publish();
    return outOne(db, schoolId, id);
  }

  /**
   * Meetings the caller may see: the whole school's, or those about incidents in their scope, plus the ones they
   * attend. A family sees only its own children's, among the attendees only staff and its own relatives, and the
   * place, agreements and minutes with other students' names replaced.
   */
  async function list(viewer: Viewer, query: { upcoming?: boolean; student_id?: number }) {
    const { schoolId } = viewer.tenant;
    const scope = await resolveScope(db, viewer);
    // A family naming another family's child gets 404, not an empty list (as the archive answers).
    requireFilterableStudent(scope, query.student_id);
    const visible = or(incidentsWhere(scope), repo.attends(viewer.userId));
    const meetings = await repo.loadMeetings(db, schoolId, {
      visible: query.student_id ? and(visible, inStudentIds([query.student_id])) : visible,
      upcoming: query.upcoming ? new Date() : undefined,
    });
    if (scope.kind !== "family") return meetings;
    // The texts (place, agreements, minutes) pass the family-redaction hook, each in its incident's context.
    const relatives = await repo.coParents(db, schoolId, viewer.userId);
    return meetings.map((m) => ({
      ...m,
      attendees: m.attendees.filter((a) => a.kind === "staff" || relatives.has(a.id)),
    }));
  }

  /**
   * Who can be invited to a meeting about the incident, each family member with the students of the incident
   * they are family of: a meeting invites one student's family by default and the others only when asked
   * (convivencia protocols meet the families of the student who did it and of the affected one separately).
   */
  async function attendeeOptions(viewer: Viewer, incidentId: number) {
    requireStaff(viewer);
    await incidentInScope(db, viewer, incidentId);
    const [{ family, staff }, students] = await Promise.all([
      repo.candidates(db, viewer.tenant.schoolId, incidentId),
      repo.familyStudents(db, viewer.tenant.schoolId, incidentId),
    ]);
    return { family: family.map((f) => ({ ...f, student_ids: students.get(f.id) ?? [] })), staff };
  }

  return { create, update, list, attendeeOptions };
}

export type ParentMeetingsService = ReturnType<typeof createParentMeetingsService>;
