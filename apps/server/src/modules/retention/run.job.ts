import { unlink } from "node:fs/promises";
import { join } from "node:path";
import { isSupportedTimeZone, perm, RETENTION_CATEGORIES, type RetentionCategory, todayIn } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import type { Occurrence } from "../../lib/jobs.ts";
import { schoolLink } from "../../lib/links.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import type { RetentionHold } from "../../lib/retention-holds.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { ANONYMISERS, type DoomedFile } from "./anonymise.ts";
import { noticeMail } from "./notice-mail.ts";
import { planRetention } from "./plan.ts";
import {
  ACTIVE_SCHOOLS,
  doneStudents,
  holders,
  insertNotices,
  readPolicy,
  schoolsByIds,
  writeLog,
} from "./retention.repository.ts";

export const RETENTION_QUEUE = "retention-daily";
/** 02:30 on each school's clock: after the day's work, before the next. */
export const RETENTION_CRON = "30 2 * * *";
export const RETENTION_READER = perm("master-configuration-data-retention", "read");

const STORED = /^[A-Za-z0-9._-]+$/;

interface Deps {
  db: Db;
  notifications: NotificationsService;
  mailer: ModuleDeps["mailer"];
  uploadsDir: string;
  config: Pick<Config, "PUBLIC_URL" | "APP_DOMAIN">;
  holds: readonly RetentionHold[];
}

/**
 * One school's daily run (issue 30 §5), keyed on the schedule's occurrence: the day is the occurrence's day on the
 * school's clock. In one transaction: the notices of what falls due within the notice days (a notification and an
 * e-mail through the outbox to the readers of the retention screen), then each category's anonymisation with its
 * line in the retention log. Files are deleted after the commit. Idempotent: notices, log lines (unique per
 * occurrence and category) and done marks are written once, so a rerun tells and removes nothing twice.
 */
export function createRetentionRun(deps: Deps) {
  const { db, notifications } = deps;
  return async function run(schoolId: string, occurrence: string) {
    const outcome = await db.transaction(async (tx) => {
      const policy = await readPolicy(tx, schoolId);
      if (!policy) return null;
      const today = todayIn(policy.timeZone, new Date(occurrence));
      const plan = await planRetention(tx, schoolId, policy, today, deps.holds);

      const toNotify = plan.filter((p) => p.step === "notify");
      const fresh = await insertNotices(
        tx,
        schoolId,
        toNotify.map((p) => ({ studentId: p.studentId, category: p.category, dueOn: p.dueOn, noticedOn: today })),
      );
      let publish = () => {};
      if (fresh.length > 0) {
        const told = toNotify.filter((p) =>
          fresh.some((f) => f.studentId === p.studentId && f.category === p.category),
        );
        const readers = await holders(tx, schoolId, RETENTION_READER);
        const students = new Set(told.map((p) => p.studentId)).size;
        const first = told.map((p) => (p.dueOn > today ? p.dueOn : today)).sort()[0]!;
        const done = await notifications.notify(tx, {
          schoolId,
          userIds: readers.map((r) => r.userId),
          type: "retention.notice",
          params: { students, records: told.length, date: first },
          link: "/master-configuration/data-retention",
        });
        publish = done.publish;
        for (const reader of readers) {
          const link = schoolLink(deps.config, schoolId, "/master-configuration/data-retention");
          const mail = noticeMail({ language: reader.language, items: told, today, link });
          await deps.mailer.send({ to: reader.email, ...mail, schoolId }, tx);
        }
      }

      const files: DoomedFile[] = [];
      const due = plan.filter((p) => p.step === "anonymise");
      for (const category of RETENTION_CATEGORIES) {
        const today = [...new Set(due.filter((p) => p.category === category).map((p) => p.studentId))];
        if (today.length === 0) continue;
        const before = category === "incidents" ? await doneStudents(tx, schoolId, category) : [];
        const result = await ANONYMISERS[category as RetentionCategory]({
          tx,
          schoolId,
          today,
          expired: [...before, ...today],
        });
        const logged = await writeLog(tx, schoolId, {
          occurrence,
          category,
          records: result.records,
          studentIds: today,
        });
        if (logged !== null) files.push(...result.files);
      }
      return { publish, files };
    });
    if (!outcome) return;
    outcome.publish();
    for (const parts of outcome.files) {
      if (!parts.every((p) => STORED.test(p) && p !== "..")) continue;
      await unlink(join(deps.uploadsDir, ...parts)).catch(() => undefined);
    }
  };
}

/** Each active school's own cron in its own zone: one job per school and day however many instances tick. */
export async function scheduleSchool(ctx: Pick<ModuleDeps, "jobs">, school: { id: string; timeZone: string }) {
  await ctx.jobs.schedule(RETENTION_QUEUE, RETENTION_CRON, { key: school.id, tz: school.timeZone });
}

export async function scheduleRetention(
  ctx: Pick<ModuleDeps, "jobs" | "db" | "events">,
  run: (schoolId: string, occurrence: string) => Promise<void>,
) {
  ctx.jobs.work<Occurrence>(RETENTION_QUEUE, (job) => run(job.data.scheduleKey, job.data.occurrence), {
    retryLimit: 3,
    expireSeconds: 900,
  });
  const schools = await ACTIVE_SCHOOLS(ctx.db);
  await ctx.jobs.scheduleEach(
    RETENTION_QUEUE,
    RETENTION_CRON,
    // A zone the runner cannot read would refuse them all: such a school gets its cron once its zone is fixed.
    schools.filter((s) => isSupportedTimeZone(s.timeZone)).map((s) => ({ key: s.id, tz: s.timeZone })),
  );
  // A new school, or a school's new time zone, gets its cron (an unchanged one writes nothing).
  ctx.events.on("schools.changed", ({ schoolId }) => {
    void (async () => {
      const [school] = await schoolsByIds(ctx.db, [schoolId]);
      if (school?.isActive) await scheduleSchool(ctx, school);
    })().catch(() => undefined);
  });
}
