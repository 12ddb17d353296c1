// The read log's two shared pieces (issue 25 §3): the registry of sensitive record kinds the modules fill, and the
// one statement that writes a request's entries. plugins/read-log.ts calls it for every request that read one.
import type { Language } from "@convive/domain";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { readLog } from "../db/schema/index.ts";

export interface SensitiveKind {
  es: string;
  en: string;
}

const kinds = new Map<string, SensitiveKind>();

/**
 * A module declares a kind of record whose reads are logged ("incident.details", later "nursing.visit"), with the
 * label the log shows in each language. Registered once, where the module's routes are defined; logging a kind
 * nobody registered is a programming error (the log would show a kind with no name).
 */
export function registerSensitiveKind(kind: string, label: SensitiveKind) {
  const known = kinds.get(kind);
  if (known && (known.es !== label.es || known.en !== label.en)) throw new Error(`sensitive kind ${kind} twice`);
  kinds.set(kind, label);
}

export const isSensitiveKind = (kind: string) => kinds.has(kind);

/** The kind's label in the reader's language; an unregistered kind (a module since removed) shows its key. */
export const sensitiveKindLabel = (kind: string, language: Language) => kinds.get(kind)?.[language] ?? kind;

/** One read of one student's record, as the request that made it knows it. */
export interface ReadEntry {
  schoolId: string;
  studentId: number;
  kind: string;
  recordId: string;
  userId: number;
  profileId: number;
  profileName: string;
  sessionId: string;
}

/**
 * Every entry of one read in one statement (one round trip), committed before this resolves; `read_at` is the
 * database's clock. The commit does not wait for the WAL to reach the disk: `set_config(…, true)` in the statement
 * sets synchronous_commit off for its own implicit transaction only, and the commit reads it before the setting
 * ends. A committed entry survives the application being killed at once — what the answer waits for — and only a
 * crash of PostgreSQL itself within about 3 × wal_writer_delay (600 ms by default) could lose the last entries,
 * never leave a torn one. Waiting for the flush would cost every read a disk sync (several ms on a busy disk;
 * bench/read-log.bench.ts) against issue 25's ≤ 1 ms. A job that sends a file naming students (a scheduled report,
 * issue 31 §3) passes its own transaction: the entries exist exactly when the e-mails do.
 */
export async function writeReads(db: Tx, entries: readonly ReadEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(
    (e) =>
      sql`(${e.schoolId}, ${e.studentId}::integer, ${e.kind}, ${e.recordId}, ${e.userId}::integer, ${e.profileId}::integer, ${e.profileName}, ${e.sessionId}::uuid)`,
  );
  await db.execute(sql`
    with async_commit as (select set_config('synchronous_commit', 'off', true))
    insert into ${readLog} (school_id, student_id, kind, record_id, user_id, profile_id, profile_name, session_id)
    select v.* from async_commit,
      (values ${sql.join(rows, sql`, `)}) as v(school_id, student_id, kind, record_id, user_id, profile_id, profile_name, session_id)`);
}
