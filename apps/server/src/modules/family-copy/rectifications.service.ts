import {
  addDays,
  RECTIFICATION_DUE_DAYS,
  type Rectification,
  type RectificationAnswerBody,
  type RectificationBody,
  type RectificationList,
  todayIn,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Viewer } from "../incidents/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { openableFile } from "../student-file/index.ts";
import * as repo from "./rectifications.repository.ts";

/** Who answers the family's ARCO requests: the read-log holder, the school's privacy officer (the Director). */
const answers = (viewer: Viewer) => viewer.tenant.grants.has("read-log");

const present = (r: repo.RectificationRow): Rectification => ({
  id: r.id,
  student: { id: r.studentId, name: r.studentName },
  subject: r.subject,
  current: r.currentText,
  requested: r.requestedText,
  requested_by: { id: r.requestedBy, name: r.requesterName },
  created_at: r.createdAt.toISOString(),
  due_on: r.dueOn,
  status: r.status,
  answer: r.answer,
  answered_by: r.answeredBy === null ? null : { id: r.answeredBy, name: r.answererName ?? `#${r.answeredBy}` },
  answered_at: r.answeredAt ? r.answeredAt.toISOString() : null,
});

/**
 * Rectification (issue 30 §3): a family member asks the school to correct their own or their child's data; the
 * request reaches the school's read-log holders (the Director) as a notification and an open request due in
 * RECTIFICATION_DUE_DAYS; the answer (corrected or declined, with a text) reaches the family member who asked.
 */
export function createRectificationsService(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;

  /** The student's requests: for the student's family and for whoever answers them; anyone else 404. */
  async function ofStudent(viewer: Viewer, studentId: number): Promise<RectificationList> {
    const { family } = await openableFile(db, viewer, studentId);
    if (!family && !answers(viewer)) throw new AppError("NOT_FOUND");
    const rows = await repo.ofStudent(db, viewer.tenant.schoolId, studentId);
    return { requests: rows.map(present), can_answer: answers(viewer) };
  }

  /** The school's requests for whoever answers them, the open ones first by due day. */
  async function list(viewer: Viewer, status: "open" | "all"): Promise<RectificationList> {
    const rows = await repo.ofSchoolList(db, viewer.tenant.schoolId, status === "open");
    return { requests: rows.map(present), can_answer: true };
  }

  /** A family member of the student asks for a correction; staff 403, another family or school 404. */
  async function request(viewer: Viewer, studentId: number, body: RectificationBody): Promise<Rectification> {
    const { row, family } = await openableFile(db, viewer, studentId);
    if (!family) throw new AppError("FORBIDDEN");
    const { schoolId } = viewer.tenant;
    const published: (() => void)[] = [];
    const id = await db.transaction(async (tx) => {
      const today = todayIn(await repo.timeZoneOf(tx, schoolId));
      const dueOn = addDays(today, RECTIFICATION_DUE_DAYS);
      const created = await repo.insert(tx, schoolId, {
        studentId,
        subject: body.subject,
        currentText: body.current,
        requestedText: body.requested,
        requestedBy: viewer.userId,
        dueOn,
      });
      const sent = await notifications.notify(tx, {
        schoolId,
        userIds: await repo.answerers(tx, schoolId),
        type: "rectification.requested",
        params: { student: row.name, due: dueOn },
        link: `/notifications?student=${studentId}&fileTab=my-data`,
      });
      published.push(sent.publish);
      return created;
    });
    for (const publish of published) publish();
    return present((await repo.byId(db, schoolId, id))!);
  }

  /** The answer, once: a request of another school is 404, an answered one 409 RECTIFICATION_ANSWERED. */
  async function answer(viewer: Viewer, id: number, body: RectificationAnswerBody): Promise<Rectification> {
    const { schoolId } = viewer.tenant;
    const existing = await repo.byId(db, schoolId, id);
    if (!existing) throw new AppError("NOT_FOUND");
    const published: (() => void)[] = [];
    await db.transaction(async (tx) => {
      const done = await repo.answer(tx, schoolId, id, {
        status: body.outcome,
        answer: body.answer,
        answeredBy: viewer.userId,
      });
      if (!done) throw new AppError("RECTIFICATION_ANSWERED");
      const sent = await notifications.notify(tx, {
        schoolId,
        userIds: [existing.requestedBy],
        type: `rectification.${body.outcome}`,
        params: { student: existing.studentName },
        link: `/notifications?student=${existing.studentId}&fileTab=my-data`,
      });
      published.push(sent.publish);
    });
    for (const publish of published) publish();
    return present((await repo.byId(db, schoolId, id))!);
  }

  return { ofStudent, list, request, answer };
}

export type RectificationsService = ReturnType<typeof createRectificationsService>;
