// The e-mail outbox (issue 25 §2). send(mail, tx) writes the e-mail and its delivery job in the caller's
// transaction: the e-mail exists exactly when what caused it does, and the request never waits for SMTP. The job
// runner delivers it with retries and backoff; a message whose tries are spent (or that the server refuses for
// good, a 5xx) lands on the unsent list of the school's Director, or of root for platform mail, with a retry.
// An e-mail may carry files (issue 31 §3: a report's PDF or XLSX, the logo its HTML shows): stored with it
// (email_attachments, named by the row's attachment_ids) in the same transaction, and sent by nodemailer.
import { randomUUID } from "node:crypto";
import DataLoader from "dataloader";
import type { Db, Tx } from "../../db/client.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import { createLimiter } from "../../lib/limiter.ts";
import type { Mail, Mailer, Transport } from "../../lib/mailer.ts";
import * as repo from "./outbox.repository.ts";
import { quietUntil } from "./quiet-hours.ts";

export const OUTBOX_QUEUE = "email-outbox";
/** Releases e-mails held for quiet hours, once a minute. */
export const RELEASE_QUEUE = "email-outbox-release";
/** Tries after the first: with the default 30 s doubling, the last is about two hours after the first. */
export const OUTBOX_RETRIES = 8;

export interface OutboxOptions {
  db: Db;
  jobs: JobRunner;
  transport: Transport;
  /** Seconds before the first retry, doubled on each next one. */
  retrySeconds: number;
  log: (message: string) => void;
  /** The clock quiet hours are read on (tests drive it). */
  now?: () => Date;
}

export type Outbox = Mailer & {
  /** Delivers one outbox row: the job's handler. */
  deliver(id: string, retryCount: number): Promise<void>;
  /** Makes the jobs of held e-mails whose quiet hours are over; returns how many. */
  release(): Promise<number>;
};

/**
 * A poll's deliveries (50) must not queue their statements on the pool ahead of every request (issue 25: no
 * request's p99 above 50 ms while 10 000 e-mails drain). Those that load their e-mail, or record it sent, in the
 * same turn of the event loop share one statement (batched at setImmediate, at most BATCH ids); a failure's
 * record, rare, takes one of two turns.
 */
const BATCH = 100;
const FAILURE_STATEMENTS = 2;
const batched = { cache: false, maxBatchSize: BATCH, batchScheduleFn: (run: () => void) => setImmediate(run) };

/** A delivery that has not ended by then counts as a failed try (a server that accepts and never answers). */
const DELIVERY_TIMEOUT_MS = 60_000;

/** An SMTP answer that will not change on a retry (mailbox unknown, refused): nodemailer's responseCode 5xx. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500;
};

/** The unsent list: a school's for its Director, the platform's (schoolId null) for root. */
export const listUnsent = (db: Db, schoolId: string | null, limit: number) => repo.listFailed(db, schoolId, limit);

/** Where some of a school's e-mails stand (pending, sent, failed), for whoever follows them (a report's runs). */
export const outboxStates = (db: Db | Tx, schoolId: string, ids: readonly string[]) => repo.statesOf(db, schoolId, ids);

/** Sends an unsent e-mail again, from a first try; false when that list has no such e-mail. */
export async function retryUnsent(db: Db, jobs: JobRunner, id: string, schoolId: string | null) {
  return db.transaction(async (tx) => {
    if (!(await repo.reopen(tx, id, schoolId))) return false;
    await jobs.send(OUTBOX_QUEUE, { id }, { tx });
    return true;
  });
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, jobs, transport, log } = options;
  const now = options.now ?? (() => new Date());
  const enqueue = (tx: Tx, id: string) => jobs.send(OUTBOX_QUEUE, { id }, { tx });
  const turn = createLimiter(FAILURE_STATEMENTS);
  const rows = new DataLoader<string, repo.OutboxRow | undefined>(async (ids) => {
    const found = new Map((await repo.getMany(db, ids)).map((row) => [row.id, row]));
    return ids.map((id) => found.get(id));
  }, batched);
  const sent = new DataLoader<string, true>(async (ids) => {
    await repo.markSentMany(db, ids);
    return ids.map(() => true as const);
  }, batched);

  async function write(mail: Mail, tx: Tx) {
    let sendAfter: Date | null = null;
    if (mail.toFamily && !mail.urgent && mail.schoolId) {
      const school = await repo.quietHoursOf(tx, mail.schoolId);
      if (school) sendAfter = quietUntil(now(), school.tz, school.start, school.end);
    }
    const files = (mail.attachments ?? []).map((a) => ({ ...a, id: a.id ?? randomUUID() }));
    await repo.insertAttachments(
      tx,
      files.map((f) => ({
        id: f.id,
        schoolId: mail.schoolId ?? null,
        filename: f.filename,
        contentType: f.contentType,
        inlineCid: f.cid ?? null,
        content: f.content,
      })),
    );
    const id = await repo.insert(tx, {
      ...(mail.id ? { id: mail.id } : {}),
      attachmentIds: files.map((f) => f.id),
      schoolId: mail.schoolId ?? null,
      recipient: mail.to,
      subject: mail.subject,
      bodyText: mail.text,
      bodyHtml: mail.html ?? null,
      urgent: mail.urgent ?? false,
      sendAfter,
    });
    // A held e-mail gets its job when the release sweep finds its window over.
    if (!sendAfter) await enqueue(tx, id);
  }

  const outbox: Outbox = {
    async send(mail, tx) {
      if (tx) await write(mail, tx);
      else await db.transaction((own) => write(mail, own));
    },
    close: () => transport.close(),

    async deliver(id, retryCount) {
      const row = await rows.load(id);
      if (row?.status !== "pending") return;
      try {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("the mail server did not answer in time")), DELIVERY_TIMEOUT_MS);
        });
        // Files (issue 31 §3: reports) are read only for the e-mails that carry them.
        const files = row.attachmentIds.length > 0 ? await repo.attachmentsOf(db, row.attachmentIds) : [];
        const sending = transport.send({
          to: row.recipient,
          subject: row.subject,
          text: row.bodyText,
          html: row.bodyHtml ?? undefined,
          messageId: `<${row.id}@convive.outbox>`,
          attachments: files.map((f) => ({
            filename: f.filename,
            contentType: f.contentType,
            content: f.content,
            ...(f.inlineCid ? { cid: f.inlineCid } : {}),
          })),
        });
        await Promise.race([sending, late]).finally(() => clearTimeout(timer));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const last = isPermanent(error) || retryCount >= OUTBOX_RETRIES;
        await turn(() => repo.markAttempt(db, id, message, last));
        if (last) {
          log(`e-mail ${id} to the unsent list after ${retryCount + 1} tries: ${message}`);
          return;
        }
        throw error; // the runner tries again after its backoff
      }
      await sent.load(id);
    },

    async release() {
      return db.transaction(async (tx) => {
        const ids = await repo.releaseDue(tx, now());
        for (const id of ids) await enqueue(tx, id);
        return ids.length;
      });
    },
  };

  jobs.work<{ id: string }>(OUTBOX_QUEUE, (job) => outbox.deliver(job.data.id, job.retryCount), {
    retryLimit: OUTBOX_RETRIES,
    retryDelaySeconds: options.retrySeconds,
    expireSeconds: 120,
    // pg-boss fetches a batch per poll (0.5 s): 50 at once is what lets 10 000 queued e-mails drain at SMTP speed.
    concurrency: 50,
  });
  jobs.work(RELEASE_QUEUE, async () => {
    await outbox.release();
  });
  void jobs.schedule(RELEASE_QUEUE, "* * * * *");
  return outbox;
}
