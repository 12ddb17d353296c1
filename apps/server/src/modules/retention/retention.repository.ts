import { RETENTION_CATEGORIES, RETENTION_RULES, type RetentionCategory } from "@convive/domain";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  memberships,
  profilePermissions,
  retentionDone,
  retentionLog,
  retentionNotices,
  retentionSettings,
  schools,
  students,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

export interface SchoolPolicy {
  timeZone: string;
  noticeDays: number;
  years: Record<RetentionCategory, number>;
  updatedAt: Partial<Record<RetentionCategory, Date>>;
}

/** The school's periods (its own or the defaults) and notice days; null for no such school. */
export async function readPolicy(tx: Tx, schoolId: string): Promise<SchoolPolicy | null> {
  const [school] = await tx
    .select({ timeZone: schools.timeZone, noticeDays: schools.retentionNoticeDays })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) return null;
  const rows = await forSchool(tx, schoolId).select(retentionSettings).where();
  const years = Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, RETENTION_RULES[c].years])) as Record<
    RetentionCategory,
    number
  >;
  const updatedAt: SchoolPolicy["updatedAt"] = {};
  for (const row of rows) {
    if (!(RETENTION_CATEGORIES as readonly string[]).includes(row.category)) continue;
    years[row.category as RetentionCategory] = row.years;
    updatedAt[row.category as RetentionCategory] = row.updatedAt;
  }
  return { ...school, years, updatedAt };
}

export async function savePolicy(
  tx: Tx,
  schoolId: string,
  userId: number,
  change: { noticeDays?: number; years: Partial<Record<RetentionCategory, number>> },
) {
  if (change.noticeDays !== undefined)
    await tx.update(schools).set({ retentionNoticeDays: change.noticeDays }).where(eq(schools.id, schoolId));
  for (const [category, years] of Object.entries(change.years)) {
    await tx
      .insert(retentionSettings)
      .values({ schoolId, category, years, updatedBy: userId })
      .onConflictDoUpdate({
        target: [retentionSettings.schoolId, retentionSettings.category],
        set: { years, updatedBy: userId, updatedAt: sql`now()` },
        setWhere: sql`${retentionSettings.years} <> excluded.years`,
      });
  }
}

/** Students who left (withdrawn or graduated) with the day, their name, and the categories already anonymised. */
export async function leftStudents(tx: Tx, schoolId: string) {
  const rows = await forSchool(tx, schoolId)
    .pick(students, { id: students.id, name: personName(students), leftOn: students.leftOn })
    .where(isNotNull(students.leftOn));
  const done = await forSchool(tx, schoolId)
    .pick(retentionDone, { studentId: retentionDone.studentId, category: retentionDone.category })
    .where();
  const doneOf = new Map<number, Set<string>>();
  for (const d of done) {
    if (!doneOf.has(d.studentId)) doneOf.set(d.studentId, new Set());
    doneOf.get(d.studentId)!.add(d.category);
  }
  return rows.map((r) => ({ id: r.id, name: r.name, leftOn: r.leftOn!, done: doneOf.get(r.id) ?? new Set<string>() }));
}

/** Every notice given: `${student}:${category}:${due}` → the day the Director was told. */
export async function noticesOf(tx: Tx, schoolId: string) {
  const n = retentionNotices;
  const rows = await forSchool(tx, schoolId)
    .pick(n, { studentId: n.studentId, category: n.category, dueOn: n.dueOn, noticedOn: n.noticedOn })
    .where();
  const out = new Map<string, string>();
  for (const r of rows) out.set(`${r.studentId}:${r.category}:${r.dueOn}`, r.noticedOn);
  return out;
}

/** Records the notices; answers the ones that are new (a rerun of the day writes and tells nothing twice). */
export async function insertNotices(
  tx: Tx,
  schoolId: string,
  rows: { studentId: number; category: string; dueOn: string; noticedOn: string }[],
) {
  if (rows.length === 0) return [];
  return tx
    .insert(retentionNotices)
    .values(rows.map((r) => ({ ...r, schoolId })))
    .onConflictDoNothing()
    .returning({
      studentId: retentionNotices.studentId,
      category: retentionNotices.category,
      dueOn: retentionNotices.dueOn,
    });
}

/** One line of the log and the students it covers, marked done; null when this occurrence already wrote it. */
export async function writeLog(
  tx: Tx,
  schoolId: string,
  entry: { occurrence: string; category: string; records: number; studentIds: number[] },
) {
  const [row] = await tx
    .insert(retentionLog)
    .values({ schoolId, ...entry })
    .onConflictDoNothing()
    .returning({ id: retentionLog.id });
  if (!row) return null;
  await tx
    .insert(retentionDone)
    .values(entry.studentIds.map((studentId) => ({ schoolId, studentId, category: entry.category, logId: row.id })))
    .onConflictDoNothing();
  return row.id;
}

/** Every student whose `category` is already anonymised. */
export async function doneStudents(tx: Tx, schoolId: string, category: string) {
  const rows = await forSchool(tx, schoolId)
    .pick(retentionDone, { studentId: retentionDone.studentId })
    .where(eq(retentionDone.category, category));
  return rows.map((r) => r.studentId);
}

export async function logPage(tx: Tx, schoolId: string, page: number, perPage: number) {
  const [count] = await forSchool(tx, schoolId).pick(retentionLog, { n: sql<number>`count(*)::int` }).where();
  const entries = await forSchool(tx, schoolId)
    .pick(retentionLog, {
      id: retentionLog.id,
      ranAt: retentionLog.ranAt,
      category: retentionLog.category,
      records: retentionLog.records,
      studentIds: retentionLog.studentIds,
    })
    .where()
    .orderBy(desc(retentionLog.ranAt), desc(retentionLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { total: count?.n ?? 0, entries };
}

/** Active members whose profile holds `permission`, with their e-mail and language (the notice's readers). */
export async function holders(tx: Tx, schoolId: string, permission: string) {
  return tx
    .select({ userId: users.id, email: users.email, language: users.language })
    .from(memberships)
    .innerJoin(
      profilePermissions,
      and(
        eq(profilePermissions.schoolId, memberships.schoolId),
        eq(profilePermissions.profileId, memberships.profileId),
      ),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        ofSchool(memberships, schoolId, eq(memberships.isActive, true)),
        eq(users.isActive, true),
        eq(profilePermissions.permission, permission),
      ),
    );
}

export const ACTIVE_SCHOOLS = (tx: Tx) =>
  tx.select({ id: schools.id, timeZone: schools.timeZone }).from(schools).where(eq(schools.isActive, true));

export const schoolsByIds = (tx: Tx, ids: string[]) =>
  tx
    .select({ id: schools.id, timeZone: schools.timeZone, isActive: schools.isActive })
    .from(schools)
    .where(inArray(schools.id, ids));
