import type {
  AcknowledgeBody,
  AcknowledgementFamily,
  IncidentAcknowledgements,
  MeetingAcknowledgements,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { familyPayload, familyReaderOfUser } from "../../lib/family-reader.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { lastReminders } from "./acknowledgements.reminders.repository.ts";
import * as repo from "./acknowledgements.repository.ts";
import {
  type AckSession,
  DEVICE_MAX,
  hasText,
  incidentInScopeOf,
  isAsked,
  isFamily,
  presentAcknowledgement,
} from "./acknowledgements.rules.ts";
import { incidentStudentRows } from "./archive.repository.ts";
import { attendeeRows, householdOf } from "./details.repository.ts";
import { nameOfUser, notifyProfileHolders, studentsOf } from "./incident-notifications.repository.ts";
import type { Scope, Viewer } from "./scope.ts";

/**
 * The family's acknowledgement of incidents shown to them and of parent meetings' minutes (issue 30 §1): once per
 * family member, from their own session (staff cannot do it for them; another family's incident is 404), landing on
 * the incident's timeline; what staff and the family see of it; the families that have not acknowledged.
 */
export function createAcknowledgementsService(deps: { db: Db; notifications: NotificationsService }) {
  const { db } = deps;

  const inScope = (viewer: Viewer, id: number) => incidentInScopeOf(db, viewer, id);

  /** Of some meetings, those a family's household attends (staff: all), as the details show them. */
  async function attendedBy(scope: Scope, meetingIds: number[]) {
    if (scope.kind !== "family" || meetingIds.length === 0) return { ids: meetingIds, household: null };
    const [attendees, household] = await Promise.all([
      attendeeRows(db, scope.schoolId, meetingIds),
      householdOf(db, scope.schoolId, scope.childIds),
    ]);
    const attended = new Set(
      attendees.filter((p) => p.kind === "family" && household.has(p.id)).map((p) => p.meetingId),
    );
    return { ids: meetingIds.filter((id) => attended.has(id)), household };
  }

  /** The meetings with minutes the reader may see. */
  async function meetingsFor(scope: Scope, incidentId: number) {
    const meetings = await repo.meetingsWithMinutes(db, scope.schoolId, incidentId);
    return attendedBy(
      scope,
      meetings.map((m) => m.id),
    );
  }

  /** Each student's family as staff follow it: members, who acknowledged, the last reminder. */
  async function familiesOf(
    scope: Scope,
    incident: repo.AckIncident,
    acks: repo.AckRow[],
    language: Viewer["language"],
  ) {
    const asked = isAsked(incident);
    const [students, links, reminders] = await Promise.all([
      incidentStudentRows(db, scope.schoolId, [incident.id], language),
      repo.familiesOf(db, scope.schoolId, incident.studentIds),
      lastReminders(db, scope.schoolId, [incident.id]),
    ]);
    const acknowledgedBy = new Map(acks.filter((a) => a.meetingId === null).map((a) => [a.userId, a.id]));
    return students.map((s): AcknowledgementFamily => {
      const members = links
        .filter((l) => l.studentId === s.studentId)
        .map((l) => ({
          user: { id: l.userId, name: l.name },
          relationship: l.relationship,
          acknowledgement_id: acknowledgedBy.get(l.userId) ?? null,
        }));
      const acknowledged = members.some((m) => m.acknowledgement_id !== null);
      const last = reminders.find((r) => r.studentId === s.studentId);
      return {
        student: { id: s.studentId, name: s.name, group_label: s.groupLabel },
        members,
        acknowledged,
        reminded_at: last ? last.sentAt.toISOString() : null,
        may_remind: asked && !acknowledged && members.length > 0 && !last?.today,
      };
    });
  }

  /** What the reader sees of an incident's acknowledgements (staff: every family; a family: its household's). */
  async function panelOf(viewer: Viewer, scope: Scope, incident: repo.AckIncident): Promise<IncidentAcknowledgements> {
    const [acks, meetings] = await Promise.all([
      repo.acknowledgementsOf(db, scope.schoolId, [incident.id]),
      meetingsFor(scope, incident.id),
    ]);
    const family = scope.kind === "family";
    const household = family ? (meetings.household ?? (await householdOf(db, scope.schoolId, scope.childIds))) : null;
    const visible = household ? acks.filter((a) => household.has(a.userId)) : acks;
    const mineOf = (meetingId: number | null) =>
      family ? (visible.find((a) => a.userId === viewer.userId && a.meetingId === meetingId) ?? null) : null;
    const asked = isAsked(incident);
    const mine = mineOf(null);
    return {
      incident_id: incident.id,
      asked,
      may_acknowledge: family && asked && !mine,
      mine: mine && presentAcknowledgement(mine),
      acknowledgements: visible.filter((a) => a.meetingId === null).map(presentAcknowledgement),
      families: family ? [] : await familiesOf(scope, incident, acks, viewer.language),
      meetings: meetings.ids.map((meetingId): MeetingAcknowledgements => {
        const own = mineOf(meetingId);
        return {
          meeting_id: meetingId,
          may_acknowledge: family && !own,
          mine: own && presentAcknowledgement(own),
          acknowledgements: visible.filter((a) => a.meetingId === meetingId).map(presentAcknowledgement),
        };
      }),
    };
  }

  /** GET /api/incidents/:id/acknowledgements: 404 outside the reader's scope. */
  async function panel(viewer: Viewer, id: number) {
    const { scope, incident } = await inScope(viewer, id);
    return panelOf(viewer, scope, incident);
  }

  /** The panel as the incident's PDF prints it: a family's copy passes the family reader here (not a JSON answer). */
  async function printable(viewer: Viewer, id: number) {
    const { scope, incident } = await inScope(viewer, id);
    const shown = await panelOf(viewer, scope, incident);
    if (scope.kind !== "family") return shown;
    const reader = await familyReaderOfUser(db, scope.schoolId, scope.userId, scope.language, scope.childIds);
    return familyPayload(db, reader, shown);
  }

  /**
   * Writes one family member's acknowledgement with its timeline entry (and, for a disagreement, a notice to the
   * recorder and the notify-profile holders) in one transaction; a repeat writes nothing and answers the first.
   */
  async function write(
    viewer: Viewer,
    session: AckSession,
    target: { incident: repo.AckIncident; meetingId: number | null; studentIds: number[] },
    body: AcknowledgeBody,
  ) {
    const { schoolId } = viewer.tenant;
    const { incident, meetingId } = target;
    const comment = body.comment ?? null;
    // Read before the transaction: it holds the connection (PGlite has only one).
    const disagreement = body.disagrees
      ? {
          params: await disagreementParams(viewer, target.studentIds, incident),
          staff: [incident.recordedBy, ...(await notifyProfileHolders(db, schoolId))],
        }
      : null;
    const done = await db.transaction(async (tx) => {
      const id = await repo.insertAcknowledgement(tx, schoolId, {
        incidentId: incident.id,
        meetingId,
        userId: viewer.userId,
        disagrees: body.disagrees,
        comment,
        sessionId: session.sessionId,
        device: session.device?.slice(0, DEVICE_MAX) ?? null,
      });
      if (id === undefined) return null;
      await repo.addTimelineEntry(tx, schoolId, {
        incidentId: incident.id,
        event: meetingId === null ? "acknowledged" : "minutes-acknowledged",
        userId: viewer.userId,
        details: {
          acknowledgement_id: id,
          student_ids: target.studentIds,
          ...(meetingId === null ? {} : { meeting_id: meetingId }),
          disagrees: body.disagrees,
          session_id: session.sessionId,
        },
      });
      if (!disagreement) return { publish: (): void => undefined };
      return deps.notifications.notify(tx, {
        schoolId,
        userIds: disagreement.staff,
        type: "incident.acknowledgement.disagreed",
        params: disagreement.params,
        link: `/incident-details?id=${incident.id}`,
      });
    });
    done?.publish();
    const row = await repo.acknowledgementBy(db, schoolId, {
      incidentId: incident.id,
      meetingId,
      userId: viewer.userId,
    });
    return { acknowledgement: presentAcknowledgement(row!), created: done !== null };
  }

  /** What the disagreement notice says: who, about which of their children, which incident. */
  async function disagreementParams(viewer: Viewer, studentIds: number[], incident: repo.AckIncident) {
    const [author, students] = await Promise.all([
      nameOfUser(db, viewer.userId),
      studentsOf(db, viewer.tenant.schoolId, incident.id),
    ]);
    const student = students
      .filter((s) => studentIds.includes(s.id))
      .map((s) => s.name)
      .join(", ");
    return {
      author,
      student,
      incident: incident.typeEs,
      incident_es: incident.typeEs,
      incident_en: incident.typeEn || incident.typeEs,
    };
  }

  /** POST /api/incidents/:id/acknowledgement: the reader's own, for a child of theirs (others 404, staff 403). */
  async function acknowledge(viewer: Viewer, session: AckSession, id: number, body: AcknowledgeBody) {
    if (!isFamily(viewer)) throw new AppError("ACK_FAMILY_ONLY");
    const { scope, incident } = await inScope(viewer, id);
    if (scope.kind !== "family") throw new AppError("ACK_FAMILY_ONLY");
    if (!isAsked(incident)) throw new AppError("ACK_NOT_ASKED");
    const studentIds = incident.studentIds.filter((s) => scope.childIds.includes(s));
    return write(viewer, session, { incident, meetingId: null, studentIds }, body);
  }

  /** POST /api/parent-meetings/:id/acknowledgement: minutes of a meeting the reader's household attends. */
  async function acknowledgeMinutes(viewer: Viewer, session: AckSession, meetingId: number, body: AcknowledgeBody) {
    if (!isFamily(viewer)) throw new AppError("ACK_FAMILY_ONLY");
    const meeting = await repo.meetingOf(db, viewer.tenant.schoolId, meetingId);
    if (!meeting) throw new AppError("NOT_FOUND");
    const { scope, incident } = await inScope(viewer, meeting.incidentId);
    if (scope.kind !== "family") throw new AppError("ACK_FAMILY_ONLY");
    // A meeting of another household does not exist for this reader; one without minutes asks for nothing yet.
    if ((await attendedBy(scope, [meetingId])).ids.length === 0) throw new AppError("NOT_FOUND");
    if (!hasText(meeting.minutes)) throw new AppError("ACK_NOT_ASKED");
    const studentIds = incident.studentIds.filter((s) => scope.childIds.includes(s));
    return write(viewer, session, { incident, meetingId, studentIds }, body);
  }

  return { panel, printable, acknowledge, acknowledgeMinutes };
}

export type AcknowledgementsService = ReturnType<typeof createAcknowledgementsService>;
