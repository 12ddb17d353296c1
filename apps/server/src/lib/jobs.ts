// The one job runner (issue 25 §1): work that runs later, on a schedule or again after a failure. Modules see only
// the JobRunner interface below; pg-boss stays behind it. Why pg-boss (docs/architecture.md, "Jobs"): it takes our
// own connection through an adapter (PGlite's single instance or the pg pool, lib/jobs-db.ts) and needs no LISTEN
// nor session-level locks, so it runs on the embedded PGlite as on PostgreSQL; 10.x runs on Node 20.19 and 24.

import type { AdminJobsOverview } from "@convive/domain";
import cronParser from "cron-parser";
import PgBoss from "pg-boss";
import type { Db, Tx } from "../db/client.ts";
import * as admin from "./jobs-admin.repository.ts";
import { jobsDbOf, occurrenceId } from "./jobs-db.ts";
import * as schedules from "./jobs-schedules.repository.ts";

export interface Job<T> {
  id: string;
  queue: string;
  data: T;
  /** 0 on the first run, then 1, 2… on retries. */
  retryCount: number;
}

export interface QueueOptions {
  /** Runs after the first failure (default 3); then the job is dead (state failed) until someone retries it. */
  retryLimit?: number;
  /** Seconds before the first retry (default 10), doubled on each next one. */
  retryDelaySeconds?: number;
  /** A run longer than this counts as failed, and a run whose process died is taken up again after it (default 900). */
  expireSeconds?: number;
  /** Jobs of this queue run at once on this instance (default JOBS_CONCURRENCY). */
  concurrency?: number;
  /**
   * What a send's `key` means (pg-boss's queue policies): "standard" — nothing without throttleSeconds; "short" —
   * one job per key waiting at a time (a second send while one waits is dropped); "singleton" — one per key
   * running at a time; "stately" — at most one waiting and one running per key. Default "standard".
   */
  policy?: "standard" | "short" | "singleton" | "stately";
}

export interface SendOptions {
  /** A singleton key: one job per key, as the queue's policy says, or per throttle/debounce window. */
  key?: string;
  /** With key: the first send of a key in each window of these seconds makes a job; the rest are dropped. */
  throttleSeconds?: number;
  /** With key: sends of a key within a window become one job, run when the window ends. */
  debounceSeconds?: number;
  /** Not before this time. */
  startAfter?: Date;
  /** A caller-chosen id: sending the same id twice makes one job (the id is a uuid). */
  id?: string;
  /** Enqueue inside the caller's transaction: the job exists only if it commits (the e-mail outbox). */
  tx?: Tx;
}

export interface ScheduleOptions {
  /** One schedule per (queue, key): a school's id gives each school its own. The job's data carries the key. */
  key?: string;
  /** IANA time zone the cron reads in (a school's zone); default UTC. */
  tz?: string;
  data?: Record<string, unknown>;
}

/** What a scheduled job's data holds besides the schedule's own data. */
export interface Occurrence {
  scheduleKey: string;
  /** The occurrence's time (ISO): handlers key their effect on it to stay idempotent. */
  occurrence: string;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface JobRunner {
  /** Declares a queue and this instance's handler for it; modules call it while registering. */
  work<T>(queue: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /** Enqueues a job; null when an equal one (same key or id) is already there. */
  send(queue: string, data?: object, options?: SendOptions): Promise<string | null>;
  /** Runs the queue's job on a cron (minutes, hours…, in `tz`), exactly once per occurrence across instances. */
  schedule(queue: string, cron: string, options?: ScheduleOptions): Promise<void>;
  /** The same cron for many keys, each in its zone (one schedule per school), written in one statement. */
  scheduleEach(queue: string, cron: string, entries: { key: string; tz: string }[]): Promise<void>;
  unschedule(queue: string, key?: string): Promise<void>;
  cancel(queue: string, id: string): Promise<void>;
  /** Sends a failed or dead job again; false when there is no such failed job. */
  retry(queue: string, id: string): Promise<boolean>;
  /** The queues with counts and the newest failed jobs, for the platform administration. */
  overview(limit: number): Promise<AdminJobsOverview>;
  /** Sends every schedule's occurrences due in the minutes up to `at`; the runner calls it each minute. */
  fireSchedules(at: Date): Promise<number>;
  start(): Promise<void>;
  /** Takes no new jobs and waits up to `graceMs` for the running ones; what still runs then is failed (retried). */
  stop(graceMs: number): Promise<void>;
}

export interface JobsOptions {
  db: Db;
  /** false: this instance enqueues but runs no jobs and fires no schedules (another instance does). */
  enabled: boolean;
  concurrency: number;
  pollSeconds: number;
  log: (message: string) => void;
  /** How often expired runs (a killed process) are taken up again; tests shorten it. Default 60. */
  maintenanceSeconds?: number;
  /**
   * Prefix of every queue this runner declares, sends to, schedules and works (JOBS_NAMESPACE): apps that share one
   * database but not their e-mail server or handlers (two deployments; the API test apps on CI's PostgreSQL) keep
   * their jobs apart. Modules name queues without it.
   */
  namespace?: string;
}

/** The queue of the runner's own per-minute tick, which fires the schedules. */
const TICK = "jobs-schedules-tick";
/** A tick sends the occurrences of the last minutes too, so one missed tick (a restart) loses nothing. */
const CATCH_UP_MINUTES = 3;

export function createJobRunner(options: JobsOptions): JobRunner {
  const { db, log } = options;
  const ns = options.namespace ?? "";
  /** The queue's name in pg-boss and in the schedules. */
  const q = (queue: string) => ns + queue;
  const jobsDb = jobsDbOf(db);
  const boss = new PgBoss({
    db: jobsDb,
    // Maintenance and cron ticks only where jobs run; pg-boss's own cron fires our tick once per minute overall.
    supervise: options.enabled,
    schedule: options.enabled,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
    cronMonitorIntervalSeconds: 10,
    pollingIntervalSeconds: options.pollSeconds,
  });
  boss.on("error", (error: Error) => log(`job runner: ${error.message}`));
  const handlers = new Map<string, { handler: JobHandler<unknown>; options: QueueOptions }>();
  const pending: (() => Promise<void>)[] = [];
  let started: Promise<void> | null = null;
  let stopped = false;

  const queueOf = (o: QueueOptions): PgBoss.Queue =>
    ({
      name: "",
      policy: o.policy ?? "standard",
      retryLimit: o.retryLimit ?? 3,
      retryDelay: o.retryDelaySeconds ?? 10,
      retryBackoff: true,
      expireInSeconds: o.expireSeconds ?? 900,
    }) as PgBoss.Queue;

  async function ensureQueue(queue: string, o: QueueOptions = {}, attempt = 1): Promise<void> {
    try {
      await declareQueue(queue, o);
    } catch (error) {
      // Instances starting together create queues (pg-boss's DDL) at once: PostgreSQL may pick one as a deadlock
      // victim. Its work was rolled back whole; declaring again is safe.
      if ((error as { code?: string }).code !== "40P01" || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      await ensureQueue(queue, o, attempt + 1);
    }
  }

  async function declareQueue(queue: string, o: QueueOptions) {
    const existing = await boss.getQueue(queue);
    if (existing) await boss.updateQueue(queue, queueOf(o));
    else
      await boss.createQueue(queue, queueOf(o)).catch(async (error: Error) => {
        // Another instance created it between our look and our create.
        if (!(await boss.getQueue(queue))) throw error;
      });
  }

  async function runBatch(queue: string, handler: JobHandler<unknown>, jobs: PgBoss.JobWithMetadata<unknown>[]) {
    // Each job of the batch succeeds or fails on its own: pg-boss then completes only those still active.
    await Promise.all(
      jobs.map((job) =>
        handler({ id: job.id, queue, data: job.data, retryCount: job.retryCount }).catch(async (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          log(`job ${queue} ${job.id} failed (run ${job.retryCount + 1}): ${message}`);
          await boss.fail(q(queue), job.id, { message });
        }),
      ),
    );
  }

  const runner: JobRunner = {
    work(queue, handler, o = {}) {
      handlers.set(queue, { handler: handler as JobHandler<unknown>, options: o });
    },
    async send(queue, data = {}, o = {}) {
      await started;
      // pg-boss's statements are no longer sent once stopped (lib/jobs-db.ts): a job sent now would be lost.
      if (stopped && !o.tx) throw new Error(`job runner stopped: ${queue} not sent`);
      const sendOptions: PgBoss.SendOptions = { id: o.id, startAfter: o.startAfter, singletonKey: o.key };
      if (o.tx) Object.assign(sendOptions, { db: txExecutor(o.tx) });
      const name = q(queue);
      if (o.key && o.debounceSeconds) return boss.sendDebounced(name, data, sendOptions, o.debounceSeconds, o.key);
      if (o.key && o.throttleSeconds) return boss.sendThrottled(name, data, sendOptions, o.throttleSeconds, o.key);
      return boss.send(name, data, sendOptions);
    },
    async schedule(queue, cron, o = {}) {
      cronParser.parseExpression(cron, { tz: o.tz ?? "UTC" }); // refuses a wrong cron or zone now, not at run time
      const write = () =>
        schedules.upsert(db, { queue: q(queue), key: o.key ?? "", cron, tz: o.tz ?? "UTC", data: o.data });
      if (started) await write();
      else pending.push(write);
    },
    async scheduleEach(queue, cron, entries) {
      for (const { tz } of entries) cronParser.parseExpression(cron, { tz });
      const write = () => schedules.upsertMany(db, q(queue), cron, entries);
      if (started) await write();
      else pending.push(write);
    },
    async unschedule(queue, key = "") {
      await schedules.remove(db, q(queue), key);
    },
    async cancel(queue, id) {
      await boss.cancel(q(queue), id);
    },
    async retry(queue, id) {
      await started;
      if (!(await boss.getQueue(queue))) return false;
      // The admin view lists pg-boss's own names (namespace included): retried as listed.
      const result = (await boss.retry(queue, id)) as unknown as { affected: number };
      return result.affected > 0;
    },
    async overview(limit) {
      await started;
      return { queues: await admin.queueCounts(db), problems: await admin.problems(db, limit) };
    },
    async fireSchedules(at) {
      // This namespace's schedules only: another's queues are not declared here.
      const mine = (await schedules.list(db)).filter((row) => row.queue.startsWith(ns));
      const due = dueOccurrences(mine, at);
      for (const o of due) {
        const data: Occurrence = { scheduleKey: o.key, occurrence: o.at.toISOString() };
        await boss.send(o.queue, { ...o.data, ...data }, { id: occurrenceId(o.queue, o.key, o.at) });
      }
      return due.length;
    },
    start() {
      started ??= (async () => {
        await boss.start();
        for (const [queue, { options: o }] of handlers) await ensureQueue(q(queue), o);
        await ensureQueue(q(TICK), { retryLimit: 1, expireSeconds: 120 });
        for (const write of pending.splice(0)) await write();
        if (!options.enabled) return;
        for (const [queue, { handler, options: o }] of handlers) {
          const batchSize = o.concurrency ?? options.concurrency;
          let workerId: string | undefined;
          workerId = await boss.work(q(queue), { batchSize, includeMetadata: true }, (jobs) => {
            // A full batch means more are waiting: fetch again as soon as it ends instead of after the poll
            // interval (a backlog — 10 000 e-mails — drains at the work's own speed, not at a batch per poll).
            if (jobs.length >= batchSize && workerId) boss.notifyWorker(workerId);
            return runBatch(queue, handler, jobs);
          });
        }
        await boss.schedule(q(TICK), "* * * * *");
        await boss.work(q(TICK), async () => {
          await runner.fireSchedules(new Date());
        });
      })();
      return started;
    },
    async stop(graceMs) {
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: true, wait: true, close: false, timeout: Math.max(graceMs, 1000) });
      // pg-boss marks a finished job done without awaiting it: let that statement end before the database closes.
      await jobsDb.idle();
      stopped = true;
      jobsDb.close();
    },
  };
  return runner;
}

/** pg-boss's executor over a drizzle transaction: the client behind it (a pg PoolClient or PGlite's). */
function txExecutor(tx: Tx) {
  const client = (tx as unknown as { session: { client: { query: JobsDbQuery } } }).session.client;
  return { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
}
type JobsDbQuery = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

interface DueOccurrence extends schedules.ScheduleRow {
  at: Date;
}

/** The occurrences of each schedule in the last CATCH_UP_MINUTES minutes up to `at`, in the schedule's zone. */
export function dueOccurrences(rows: schedules.ScheduleRow[], at: Date): DueOccurrence[] {
  const end = new Date(Math.floor(at.getTime() / 1000) * 1000 + 1000);
  const start = new Date(end.getTime() - CATCH_UP_MINUTES * 60_000);
  const due: DueOccurrence[] = [];
  for (const row of rows) {
    const times = cronParser.parseExpression(row.cron, { tz: row.tz, currentDate: start, endDate: end });
    while (times.hasNext()) due.push({ ...row, at: times.next().toDate() });
  }
  return due;
}

/**
 * Creates (or upgrades) pg-boss's tables and stops: what the runner's start does first, for the test template
 * (cloned by every test file) so each clone starts with them.
 */
export async function prepareJobTables(db: Db) {
  const runner = createJobRunner({ db, enabled: false, concurrency: 1, pollSeconds: 1, log: () => {} });
  await runner.start();
  await runner.stop(1000);
}
