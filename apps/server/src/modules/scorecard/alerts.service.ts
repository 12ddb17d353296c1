import { isPassing, type Language, valueLabel } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import type { EventBus } from "../../lib/events.ts";
import { schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { type NotificationsService, renderNotification } from "../notifications/index.ts";
import * as repo from "./alerts.repository.ts";

type Params = Record<string, string | number>;

const CLASSIFICATION: Record<string, { es: string; en: string }> = {
  minor: { es: "leves", en: "minor" },
  serious: { es: "graves", en: "serious" },
  "very-serious": { es: "muy graves", en: "very serious" },
};
const ANY = { es: "de cualquier clasificación", en: "any classification" };

/**
 * Alerts at the school's thresholds (issue 13 §5): after incidents are recorded about students, or their ratings
 * change, each active rule is looked at again for them. A student over a rule opens a crossing and the head teacher
 * of their current group and the directors are told (in-app, pushed, e-mailed in their language) — once: while the
 * crossing stays open nothing more is sent; back under the threshold it clears, and only a new crossing alerts again.
 */
export function createAlerts(deps: {
  db: Db;
  config: Config;
  events: EventBus;
  mailer: Mailer;
  notifications: NotificationsService;
  log: (message: string) => void;
}) {
  const { db, notifications } = deps;
  const running = new Set<Promise<void>>();

  /** Tells the student's head teacher and the directors, then e-mails each in their language. */
  async function alert(
    schoolId: string,
    student: { id: number; name: string; headTeacherId: number | null },
    type: string,
    params: Params,
  ) {
    const userIds = [
      ...new Set([
        ...(student.headTeacherId === null ? [] : [student.headTeacherId]),
        ...(await repo.directors(db, schoolId)),
      ]),
    ];
    const link = `/scorecard?alumno=${student.id}`;
    const sent = await notifications.notify(db, {
      schoolId,
      userIds,
      type,
      params: { ...params, student: student.name },
      link,
    });
    const [timeZone, boxes] = await Promise.all([
      repo.zoneOf(db, schoolId),
      repo.mailboxes(
        db,
        sent.delivered.map((d) => d.userId),
      ),
    ]);
    await Promise.all(
      boxes.map((box) => {
        const language: Language = box.language === "en" ? "en" : "es";
        const { title, body } = renderNotification(type, { ...params, student: student.name }, language, timeZone);
        return deps.mailer
          .send({
            to: box.email,
            subject: title,
            text: `${body}\n\n${schoolLink(deps.config, schoolId, link)}\n\nConvive`,
            schoolId,
          })
          .catch((error: unknown) => deps.log(`alert e-mail to user ${box.id} failed: ${String(error)}`));
      }),
    );
  }

  /** Opens or clears each student's crossing of the rule; alerts for the crossings this call opened. */
  async function settle(
    schoolId: string,
    ruleId: number,
    verdicts: { studentId: number; crossed: boolean; params: Params }[],
    type: string,
  ) {
    const opened: typeof verdicts = [];
    for (const v of verdicts) {
      if (!v.crossed) await repo.clearCrossing(db, schoolId, ruleId, v.studentId);
      else if (await repo.openCrossing(db, schoolId, ruleId, v.studentId)) opened.push(v);
    }
    if (opened.length === 0) return;
    const people = await repo.studentsWithHeads(
      db,
      schoolId,
      opened.map((o) => o.studentId),
    );
    for (const o of opened) {
      const student = people.find((p) => p.id === o.studentId);
      if (student) await alert(schoolId, student, type, o.params);
    }
  }

  async function incidentsRecorded(schoolId: string, studentIds: number[]) {
    const rules = await repo.activeRules(db, schoolId, "incidents");
    for (const rule of rules) {
      const since = new Date(Date.now() - rule.windowDays * 86_400_000);
      const counts = await repo.recentIncidents(db, schoolId, studentIds, since, rule.classification);
      const label = rule.classification ? (CLASSIFICATION[rule.classification] ?? ANY) : ANY;
      const verdicts = studentIds.map((studentId) => {
        const n = counts.get(studentId) ?? 0;
        return {
          studentId,
          crossed: n >= rule.threshold,
          params: { count: n, days: rule.windowDays, classification_es: label.es, classification_en: label.en },
        };
      });
      await settle(schoolId, rule.id, verdicts, "alert.incidents");
    }
  }

  async function ratingsChanged(schoolId: string, periodId: number, studentIds: number[]) {
    const rules = await repo.activeRules(db, schoolId, "conduct-below-passing");
    if (rules.length === 0) return;
    const conduct = await repo.conductRatings(db, schoolId, periodId, studentIds);
    for (const rule of rules) {
      const verdicts = studentIds.map((studentId) => {
        const r = conduct.find((c) => c.studentId === studentId);
        const crossed = r !== undefined && !isPassing(r.definition, r.value);
        const params: Params = r
          ? {
              value_es: valueLabel(r.definition, r.value, "es"),
              value_en: valueLabel(r.definition, r.value, "en"),
              period_es: r.periodName,
              period_en: r.periodNameEn,
            }
          : {};
        return { studentId, crossed, params };
      });
      await settle(schoolId, rule.id, verdicts, "alert.conduct");
    }
  }

  /**
   * Runs after the request that announced the change; a failure is logged, never the caller's. When it is over,
   * `alerts.checked` says so: whoever waits for the outcome (a test that nothing was sent) waits for that.
   */
  function track(schoolId: string, work: Promise<void>) {
    const job = work.catch((error: unknown) => deps.log(`alert thresholds failed: ${String(error)}`));
    running.add(job);
    job.finally(() => {
      running.delete(job);
      // `pending`: evaluations still running (any school). A waiter counting events could otherwise take one left
      // over from earlier work for its own and read the outcome before its own evaluation had written it.
      deps.events.emit("alerts.checked", { schoolId, pending: running.size });
    });
  }

  deps.events.on("incidents.recorded", ({ schoolId, studentIds }) => {
    if (studentIds.length) track(schoolId, incidentsRecorded(schoolId, [...new Set(studentIds)]));
  });
  deps.events.on("ratings.changed", ({ schoolId, periodId, studentIds }) => {
    if (studentIds.length) track(schoolId, ratingsChanged(schoolId, periodId, [...new Set(studentIds)]));
  });

  return {
    /** Waits for the evaluations under way (closing the app, tests). */
    drain: async () => {
      while (running.size) await Promise.all([...running]);
    },
  };
}
