import type { Language } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { familyReadersOf } from "../../lib/family-reader.ts";
import { schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { type NotificationsService, renderNotification } from "../notifications/index.ts";
import * as periodsRepo from "./periods.repository.ts";
import * as repo from "./ratings.repository.ts";

const TYPE = "ratings.published.family";
// The scorecard picks its student from ?alumno= (?student= opens the student's file over any screen).
const link = (studentId: number) => `/scorecard?alumno=${studentId}`;

/**
 * Publishing a period for a group tells its families (issue 13 §4; issue 26 §1: once the unpublish window is over,
 * from the job `ratings-publish-notify`): one in-app notification per family member and child, in the job's
 * transaction; after commit the bells are pushed over the socket and each reader gets an e-mail in
 * their own language (as incident notifications do; a slow mail server never holds up the answer).
 */
export function createPublishNotifier(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  notifications: NotificationsService;
  log: (message: string) => void;
}) {
  /** Writes the e-mails to the outbox in the publication's transaction; the job runner delivers them. */
  async function mail(
    tx: Tx,
    schoolId: string,
    sent: { userIds: number[]; params: Record<string, string>; studentId: number }[],
  ) {
    const userIds = [...new Set(sent.flatMap((s) => s.userIds))];
    const [clock, boxes, readerOf] = await Promise.all([
      repo.clock(tx, schoolId),
      periodsRepo.mailboxes(tx, userIds),
      familyReadersOf(tx, schoolId, userIds),
    ]);
    const byId = new Map(boxes.map((b) => [b.id, b]));
    const mails = sent.flatMap((s) =>
      s.userIds.flatMap((userId) => {
        const box = byId.get(userId);
        if (!box) return [];
        const language: Language = box.language === "en" ? "en" : "es";
        // Made for a family member: through the family reader (lib/family-reader.ts), as everything they read.
        const family = readerOf(userId, language);
        const say = (value: string) => (family ? family.text(value) : value);
        const { title, body } = renderNotification(TYPE, s.params, language, clock.timeZone);
        const text = `${say(body)}\n\n${schoolLink(deps.config, schoolId, link(s.studentId))}\n\nConvive`;
        return [{ to: box.email, subject: say(title), text, schoolId, toFamily: Boolean(family) }];
      }),
    );
    for (const m of mails) await deps.mailer.send(m, tx);
  }

  /**
   * Notifies the families of the group's students rated in the period (issue 26 §1: when the group's unpublish
   * window is over, from the job); `after()` runs once the transaction committed.
   */
  async function published(tx: Tx, schoolId: string, period: repo.PeriodRow, groupId: number) {
    const rated = await repo.ratedStudents(tx, schoolId, period.id, groupId);
    const families = await periodsRepo.familiesOf(
      tx,
      schoolId,
      rated.map((s) => s.id),
    );
    const publishers: (() => void)[] = [];
    const sent: { userIds: number[]; params: Record<string, string>; studentId: number }[] = [];
    let count = 0;
    for (const student of rated) {
      const userIds = families.filter((f) => f.studentId === student.id).map((f) => f.userId);
      if (userIds.length === 0) continue;
      const params = {
        student: student.name,
        period: period.name,
        period_es: period.name,
        period_en: period.nameEn || period.name,
      };
      const done = await deps.notifications.notify(tx, {
        schoolId,
        userIds,
        type: TYPE,
        params,
        link: link(student.id),
      });
      publishers.push(done.publish);
      count += done.delivered.length;
      sent.push({ userIds: done.delivered.map((d) => d.userId), params, studentId: student.id });
    }
    await mail(tx, schoolId, sent);
    return {
      count,
      after: () => {
        for (const publish of publishers) publish();
      },
    };
  }

  return { published };
}
