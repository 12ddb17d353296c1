import type { Language, UnacknowledgedList } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { familyReadersOf } from "../../lib/family-reader.ts";
import { schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { renderNotification } from "../notifications/index.ts";
import * as pending from "./acknowledgements.reminders.repository.ts";
import * as repo from "./acknowledgements.repository.ts";
import { incidentInScopeOf, isAsked, isFamily } from "./acknowledgements.rules.ts";
import { mailboxes, studentsOf, zoneOf } from "./incident-notifications.repository.ts";
import { schoolClock } from "./registration-options.repository.ts";
import { resolveScope, type Viewer } from "./scope.ts";

const REMINDER = "incident.acknowledgement.reminder";
const detailsLink = (incidentId: number) => `/incident-details?id=${incidentId}`;

/**
 * Staff's side of the acknowledgements (issue 30 §1): the families that have not acknowledged, in the reader's
 * scope, and the reminder to one of them — an in-app notification and an e-mail through the outbox to each of its
 * members, once per family, incident and school day.
 */
export function createAcknowledgementReminders(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  notifications: NotificationsService;
}) {
  const { db } = deps;

  /** One e-mail per reminded member in their language, through the family reader, written to the outbox in `tx`. */
  async function mail(tx: Tx, schoolId: string, userIds: number[], params: Record<string, string>, incidentId: number) {
    // One after another: a transaction runs one statement at a time.
    const timeZone = await zoneOf(tx, schoolId);
    const boxes = await mailboxes(tx, userIds);
    const readerOf = await familyReadersOf(tx, schoolId, userIds);
    const link = schoolLink(deps.config, schoolId, detailsLink(incidentId));
    for (const box of boxes) {
      const language: Language = box.language === "en" ? "en" : "es";
      const reader = readerOf(box.id, language);
      const say = (value: string) => (reader ? reader.text(value) : value);
      const { title, body } = renderNotification(REMINDER, params, language, timeZone);
      await deps.mailer.send(
        { to: box.email, subject: say(title), text: `${say(body)}\n\n${link}\n\nConvive`, schoolId, toFamily: true },
        tx,
      );
    }
  }

  /**
   * POST /api/incidents/:id/acknowledgements/remind: staff who see the incident remind one student's family that has
   * not acknowledged it (409 when it has, or when it was reminded today; 422 when nobody is on record).
   */
  async function remind(viewer: Viewer, id: number, studentId: number) {
    if (isFamily(viewer)) throw new AppError("FORBIDDEN");
    const { scope, incident } = await incidentInScopeOf(db, viewer, id);
    if (!isAsked(incident)) throw new AppError("ACK_NOT_ASKED");
    if (!incident.studentIds.includes(studentId)) throw new AppError("NOT_FOUND");
    const { schoolId } = scope;
    const [members, acks, students] = await Promise.all([
      repo.familiesOf(db, schoolId, [studentId]),
      repo.acknowledgementsOf(db, schoolId, [id]),
      studentsOf(db, schoolId, id),
    ]);
    const memberIds = members.map((m) => m.userId);
    if (memberIds.length === 0) throw new AppError("ACK_NO_FAMILY");
    if (acks.some((a) => a.meetingId === null && memberIds.includes(a.userId))) {
      throw new AppError("ACK_ALREADY_ACKNOWLEDGED");
    }
    // Only their own child is named: the reminder goes to this family alone.
    const student = students.find((s) => s.id === studentId)?.name ?? "";
    const params = {
      student,
      incident: incident.typeEs,
      incident_es: incident.typeEs,
      incident_en: incident.typeEn || incident.typeEs,
      date: incident.occurredAt.toISOString(),
    };
    const done = await db.transaction(async (tx) => {
      const sentAt = await pending.takeReminder(tx, schoolId, {
        incidentId: id,
        studentId,
        sentBy: viewer.userId,
        reminded: memberIds.length,
      });
      if (!sentAt) throw new AppError("ACK_REMINDER_LIMIT");
      const notified = await deps.notifications.notify(tx, {
        schoolId,
        userIds: memberIds,
        type: REMINDER,
        params,
        link: detailsLink(id),
      });
      const reached = notified.delivered.map((d) => d.userId);
      await mail(tx, schoolId, reached, params, id);
      await repo.addTimelineEntry(tx, schoolId, {
        incidentId: id,
        event: "acknowledgement-reminded",
        userId: viewer.userId,
        details: { student_id: studentId, reminded: reached.length },
      });
      return { sentAt, reached, publish: notified.publish };
    });
    done.publish();
    return { reminded: done.reached.length, reminded_at: done.sentAt.toISOString() };
  }

  /** GET /api/incidents/unacknowledged: the families of the current year that have not acknowledged. */
  async function unacknowledged(
    viewer: Viewer,
    query: { group_id?: number; limit: number },
  ): Promise<UnacknowledgedList> {
    if (isFamily(viewer)) throw new AppError("FORBIDDEN");
    const scope = await resolveScope(db, viewer);
    const clock = await schoolClock(db, scope.schoolId);
    if (!clock?.yearId) return { families: [], truncated: false };
    const rows = await pending.unacknowledgedRows(db, scope, {
      schoolYearId: clock.yearId,
      groupId: query.group_id,
      limit: query.limit,
      language: viewer.language ?? "es",
    });
    const shown = rows.slice(0, query.limit);
    const [links, reminders] = await Promise.all([
      repo.familiesOf(db, scope.schoolId, [...new Set(shown.map((r) => r.studentId))]),
      pending.lastReminders(db, scope.schoolId, [...new Set(shown.map((r) => r.incidentId))]),
    ]);
    const lastOf = new Map(reminders.map((r) => [`${r.incidentId}:${r.studentId}`, r]));
    return {
      truncated: rows.length > query.limit,
      families: shown.map((r) => {
        const last = lastOf.get(`${r.incidentId}:${r.studentId}`);
        return {
          incident: {
            id: r.incidentId,
            folio: r.folio,
            occurred_at: r.occurredAt.toISOString(),
            type: { name_es: r.typeEs, name_en: r.typeEn },
            status: r.status,
          },
          student: { id: r.studentId, name: r.studentName, group_label: r.groupLabel },
          members: links
            .filter((l) => l.studentId === r.studentId)
            .map((l) => ({ user: { id: l.userId, name: l.name }, relationship: l.relationship })),
          reminded_at: last ? last.sentAt.toISOString() : null,
          may_remind: !last?.today,
        };
      }),
    };
  }

  return { remind, unacknowledged };
}

export type AcknowledgementReminders = ReturnType<typeof createAcknowledgementReminders>;
