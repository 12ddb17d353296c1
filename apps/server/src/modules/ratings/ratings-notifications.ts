import type { Language } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { type NotificationsService, renderNotification } from "../notifications/index.ts";
import * as periodsRepo from "./periods.repository.ts";
import * as repo from "./ratings.repository.ts";

const TYPE = "ratings.published.family";
// The scorecard picks its student from ?alumno= (?student= opens the student's file over any screen).
const link = (studentId: number) => `/scorecard?alumno=${studentId}`;

/**
 * Publishing a period tells the families (issue 13 §4): one in-app notification per family member and child, in
 * the caller's transaction; after commit the bells are pushed over the socket and each reader gets an e-mail in
 * their own language (as incident notifications do; a slow mail server never holds up the answer).
 */
export function createPublishNotifier(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  notifications: NotificationsService;
  log: (message: string) => void;
}) {
  const origin = deps.config.PUBLIC_URL.replace(/\/$/, "");

  async function mail(
    schoolId: string,
    sent: { userIds: number[]; params: Record<string, string>; studentId: number }[],
  ) {
    const [clock, boxes] = await Promise.all([
      repo.clock(deps.db, schoolId),
      periodsRepo.mailboxes(deps.db, [...new Set(sent.flatMap((s) => s.userIds))]),
    ]);
    const byId = new Map(boxes.map((b) => [b.id, b]));
    await Promise.all(
      sent.flatMap((s) =>
        s.userIds.flatMap((userId) => {
          const box = byId.get(userId);
          if (!box) return [];
          const language: Language = box.language === "en" ? "en" : "es";
          const { title, body } = renderNotification(TYPE, s.params, language, clock.timeZone);
          const text = `${body}\n\n${origin}${link(s.studentId)}\n\nConvive`;
          return [
            deps.mailer
              .send({ to: box.email, subject: title, text })
              .catch((error: unknown) => deps.log(`ratings e-mail to user ${userId} failed: ${String(error)}`)),
          ];
        }),
      ),
    );
  }

  /** Notifies the families of every student rated in the period; `after()` runs once the transaction committed. */
  async function published(tx: Tx, schoolId: string, period: repo.PeriodRow) {
    const rated = await repo.ratedStudents(tx, schoolId, period.id);
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
    return {
      count,
      after: () => {
        for (const publish of publishers) publish();
        mail(schoolId, sent).catch((error: unknown) => deps.log(`ratings e-mails failed: ${String(error)}`));
      },
    };
  }

  return { published };
}
