import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { emailAttachments, emailOutbox, schools } from "../../db/schema/index.ts";

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function insert(tx: Tx, row: typeof emailOutbox.$inferInsert): Promise<string> {
  const [written] = await tx.insert(emailOutbox).values(row).returning({ id: emailOutbox.id });
  return written!.id;
}

/** Files for e-mails: each stored once by its id (several e-mails may carry the same one). */
export async function insertAttachments(tx: Tx, rows: (typeof emailAttachments.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.insert(emailAttachments).values(rows).onConflictDoNothing({ target: emailAttachments.id });
}

/** An e-mail's files, in the order it names them. */
export async function attachmentsOf(tx: Tx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(emailAttachments)
    .where(inArray(emailAttachments.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Several e-mails in one statement (a poll's deliveries load theirs together). */
export async function getMany(tx: Tx, ids: readonly string[]): Promise<OutboxRow[]> {
  return tx
    .select()
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, [...ids]));
}

export async function quietHoursOf(tx: Tx, schoolId: string) {
  const [row] = await tx
    .select({ tz: schools.timeZone, start: schools.quietHoursStart, end: schools.quietHoursEnd })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row;
}

/**
 * Delivered, several in one statement: off the pending list (a second run of a job, after an expiry, finds its
 * e-mail sent and stops).
 */
export async function markSentMany(tx: Tx, ids: readonly string[]) {
  await tx
    .update(emailOutbox)
    .set({ status: "sent", sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(inArray(emailOutbox.id, [...ids]));
}

export async function markAttempt(tx: Tx, id: string, error: string, failed: boolean) {
  await tx
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error.slice(0, 500),
      ...(failed ? { status: "failed" as const, failedAt: new Date() } : {}),
    })
    .where(eq(emailOutbox.id, id));
}

/** Held rows whose quiet hours are over: released (send_after cleared) in `tx`, where their jobs are made too. */
export async function releaseDue(tx: Tx, now: Date): Promise<string[]> {
  const rows = await tx
    .update(emailOutbox)
    .set({ sendAfter: null })
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.sendAfter, now)))
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

/** A school's unsent list (or the platform's, schoolId null), newest first. */
export async function listFailed(tx: Tx, schoolId: string | null, limit: number) {
  return tx
    .select({
      id: emailOutbox.id,
      recipient: emailOutbox.recipient,
      subject: emailOutbox.subject,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      failedAt: emailOutbox.failedAt,
    })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "failed"),
        schoolId === null ? isNull(emailOutbox.schoolId) : eq(emailOutbox.schoolId, schoolId),
      ),
    )
    .orderBy(desc(emailOutbox.failedAt))
    .limit(limit);
}

/** Puts a failed row of that school (or platform) back to pending; false when there is none. */
export async function reopen(tx: Tx, id: string, schoolId: string | null): Promise<boolean> {
  const rows = await tx
    .update(emailOutbox)
    .set({ status: "pending", failedAt: null, sendAfter: null })
    .where(
      and(
        eq(emailOutbox.id, id),
        eq(emailOutbox.status, "failed"),
        schoolId === null ? isNull(emailOutbox.schoolId) : eq(emailOutbox.schoolId, schoolId),
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** The state of some e-mails (a report's deliveries), in one statement; only rows of that school. */
export async function statesOf(tx: Tx, schoolId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: emailOutbox.id,
      recipient: emailOutbox.recipient,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      sentAt: emailOutbox.sentAt,
      failedAt: emailOutbox.failedAt,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.schoolId, schoolId), inArray(emailOutbox.id, [...ids])));
}
