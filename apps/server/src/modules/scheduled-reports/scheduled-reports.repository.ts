import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  grades,
  groups,
  memberships,
  profilePermissions,
  profiles,
  reportDeliveries,
  reportRuns,
  scheduledReports,
  schools,
  schoolYears,
  sections,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

export type ReportRow = typeof scheduledReports.$inferSelect;
export type ReportInsert = Omit<typeof scheduledReports.$inferInsert, "schoolId" | "id">;

export const schoolOf = async (tx: Tx, schoolId: string) => {
  const [row] = await tx
    .select({
      id: schools.id,
      name: schools.name,
      timeZone: schools.timeZone,
      logo: schools.logo,
      isActive: schools.isActive,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row;
};

export const listReports = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId).select(scheduledReports).where().orderBy(scheduledReports.name, scheduledReports.id);

export const getReport = async (tx: Tx, schoolId: string, id: number) => {
  const [row] = await forSchool(tx, schoolId).select(scheduledReports).where(eq(scheduledReports.id, id));
  return row;
};

/** Every active report of every school with its school's zone: the schedules written at start. */
export const allActiveReports = (tx: Tx) =>
  tx
    .select({ report: scheduledReports, timeZone: schools.timeZone })
    .from(scheduledReports)
    .innerJoin(schools, eq(schools.id, scheduledReports.schoolId))
    .where(and(eq(scheduledReports.active, true), eq(schools.isActive, true)));

export async function insertReport(tx: Tx, schoolId: string, values: ReportInsert) {
  const [row] = await forSchool(tx, schoolId).insert(scheduledReports, values).returning();
  return row!;
}

export async function updateReport(tx: Tx, schoolId: string, id: number, values: Partial<ReportInsert>) {
  const [row] = await forSchool(tx, schoolId)
    .update(scheduledReports, { ...values, updatedAt: new Date() })
    .where(eq(scheduledReports.id, id))
    .returning();
  return row;
}

export async function deleteReport(tx: Tx, schoolId: string, id: number) {
  const rows = await forSchool(tx, schoolId)
    .delete(scheduledReports)
    .where(eq(scheduledReports.id, id))
    .returning({ id: scheduledReports.id });
  return rows.length > 0;
}

/** The newest run of each report, for the list. */
export async function lastRuns(tx: Tx, schoolId: string) {
  const rows = await tx
    .select({ reportId: reportRuns.reportId, at: sql<string>`max(${reportRuns.createdAt})` })
    .from(reportRuns)
    .where(ofSchool(reportRuns, schoolId))
    .groupBy(reportRuns.reportId);
  return new Map(rows.map((r) => [r.reportId, new Date(r.at)]));
}

/** Active members of the school (staff and families alike are users; the form offers the staff). */
export async function activeMembers(tx: Tx, schoolId: string, userIds?: readonly number[]) {
  return tx
    .select({
      userId: users.id,
      name: personName(users),
      email: users.email,
      language: users.language,
      profileId: memberships.profileId,
      profileName: profiles.name,
      profileNameEn: profiles.nameEn,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(profiles, and(eq(profiles.schoolId, memberships.schoolId), eq(profiles.id, memberships.profileId)))
    .where(
      and(
        ofSchool(memberships, schoolId, eq(memberships.isActive, true)),
        eq(users.isActive, true),
        ...(userIds ? [inArray(users.id, userIds.length > 0 ? [...userIds] : [-1])] : []),
      ),
    )
    .orderBy(users.firstName, users.paternalSurname, users.id);
}

/** Active members holding one of these profiles. */
export async function membersOfProfiles(tx: Tx, schoolId: string, profileIds: readonly number[]) {
  if (profileIds.length === 0) return [];
  return tx
    .select({
      userId: users.id,
      email: users.email,
      language: users.language,
      profileId: memberships.profileId,
      profileName: profiles.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(profiles, and(eq(profiles.schoolId, memberships.schoolId), eq(profiles.id, memberships.profileId)))
    .where(
      and(
        ofSchool(memberships, schoolId, eq(memberships.isActive, true)),
        eq(users.isActive, true),
        inArray(memberships.profileId, [...profileIds]),
      ),
    );
}

/** Of these users, those whose profile in the school holds `permission`. */
export async function holding(tx: Tx, schoolId: string, userIds: readonly number[], permission: string) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(
      profilePermissions,
      and(
        eq(profilePermissions.schoolId, memberships.schoolId),
        eq(profilePermissions.profileId, memberships.profileId),
      ),
    )
    .where(
      and(
        ofSchool(memberships, schoolId),
        inArray(memberships.userId, [...userIds]),
        eq(profilePermissions.permission, permission),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export const schoolProfiles = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId)
    .pick(profiles, { id: profiles.id, name: profiles.name, nameEn: profiles.nameEn })
    .where()
    .orderBy(profiles.name);

/** The current year's structure: sections, grades and groups the filters choose from. */
export async function currentStructure(tx: Tx, schoolId: string) {
  const [year] = await forSchool(tx, schoolId)
    .pick(schoolYears, { id: schoolYears.id })
    .where(eq(schoolYears.isCurrent, true));
  const sectionRows = await forSchool(tx, schoolId)
    .pick(sections, { id: sections.id, name: sections.name, nameEn: sections.nameEn })
    .where()
    .orderBy(sections.order, sections.id);
  const gradeRows = await forSchool(tx, schoolId)
    .pick(grades, { id: grades.id, name: grades.name, sectionId: grades.sectionId })
    .where()
    .orderBy(grades.order, grades.id);
  const groupRows = year
    ? await forSchool(tx, schoolId)
        .pick(groups, { id: groups.id, name: groups.name, gradeId: groups.gradeId })
        .where(eq(groups.schoolYearId, year.id))
        .orderBy(groups.name, groups.id)
    : [];
  return { sections: sectionRows, grades: gradeRows, groups: groupRows };
}

// ───────────────────────── runs ─────────────────────────

export interface RunClaim {
  reportId: number;
  occurrence: string;
  trigger: "schedule" | "manual";
  periodFrom: Date;
  periodTo: Date;
  rows: number;
  studentIds: number[];
}

/**
 * Claims an occurrence's run in the transaction that writes its e-mails: a new scheduled occurrence is inserted
 * done; a send now's queued row is turned done. An occurrence already done (another instance, a rerun) answers
 * null and the caller writes nothing.
 */
export async function claimRun(tx: Tx, schoolId: string, claim: RunClaim): Promise<number | null> {
  const rows = await tx
    .insert(reportRuns)
    .values({
      schoolId,
      reportId: claim.reportId,
      occurrence: claim.occurrence,
      trigger: claim.trigger,
      status: "done",
      periodFrom: claim.periodFrom,
      periodTo: claim.periodTo,
      rows: claim.rows,
      studentIds: claim.studentIds,
      finishedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [reportRuns.schoolId, reportRuns.reportId, reportRuns.occurrence],
      set: {
        status: "done",
        periodFrom: claim.periodFrom,
        periodTo: claim.periodTo,
        rows: claim.rows,
        studentIds: claim.studentIds,
        error: null,
        finishedAt: new Date(),
      },
      setWhere: sql`${reportRuns.status} <> 'done'`,
    })
    .returning({ id: reportRuns.id });
  return rows[0]?.id ?? null;
}

export async function runDone(tx: Tx, schoolId: string, reportId: number, occurrence: string) {
  const [row] = await forSchool(tx, schoolId)
    .pick(reportRuns, { status: reportRuns.status })
    .where(and(eq(reportRuns.reportId, reportId), eq(reportRuns.occurrence, occurrence)));
  return row?.status === "done";
}

/** A run whose tries are spent: kept in the history with its error (never over a done one). */
export async function failRun(
  tx: Tx,
  schoolId: string,
  run: { reportId: number; occurrence: string; trigger: "schedule" | "manual"; error: string },
) {
  await tx
    .insert(reportRuns)
    .values({ schoolId, ...run, status: "failed", error: run.error.slice(0, 500), finishedAt: new Date() })
    .onConflictDoUpdate({
      target: [reportRuns.schoolId, reportRuns.reportId, reportRuns.occurrence],
      set: { status: "failed", error: run.error.slice(0, 500), finishedAt: new Date() },
      setWhere: sql`${reportRuns.status} <> 'done'`,
    });
}

export async function queueRun(
  tx: Tx,
  schoolId: string,
  run: { reportId: number; occurrence: string; requestedBy: number; onlyMe: boolean },
) {
  const [row] = await forSchool(tx, schoolId)
    .insert(reportRuns, { ...run, trigger: "manual", status: "queued" })
    .returning({ id: reportRuns.id });
  return row!.id;
}

export async function queuedRun(tx: Tx, schoolId: string, runId: number) {
  const [row] = await forSchool(tx, schoolId).select(reportRuns).where(eq(reportRuns.id, runId));
  return row;
}

export async function insertDeliveries(
  tx: Tx,
  schoolId: string,
  rows: Omit<typeof reportDeliveries.$inferInsert, "schoolId">[],
) {
  if (rows.length === 0) return;
  await tx.insert(reportDeliveries).values(rows.map((r) => ({ ...r, schoolId })));
}

export async function runsPage(tx: Tx, schoolId: string, reportId: number, page: number, perPage: number) {
  const where = and(ofSchool(reportRuns, schoolId), eq(reportRuns.reportId, reportId));
  const [total] = await tx.select({ n: count() }).from(reportRuns).where(where);
  const runs = await tx
    .select({
      run: reportRuns,
      requester: sql<
        string | null
      >`(select ${personName(users)} from ${users} where ${users.id} = ${reportRuns.requestedBy})`,
    })
    .from(reportRuns)
    .where(where)
    .orderBy(desc(reportRuns.createdAt), desc(reportRuns.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const ids = runs.map((r) => r.run.id);
  const deliveries =
    ids.length === 0
      ? []
      : await tx
          .select({
            delivery: reportDeliveries,
            userName: sql<
              string | null
            >`(select ${personName(users)} from ${users} where ${users.id} = ${reportDeliveries.userId})`,
          })
          .from(reportDeliveries)
          .where(and(ofSchool(reportDeliveries, schoolId), inArray(reportDeliveries.runId, ids)))
          .orderBy(reportDeliveries.recipient);
  return { total: total?.n ?? 0, runs, deliveries };
}

/** The deliveries of these outbox rows (the school's failed ones), with their report. */
export async function deliveriesByOutbox(tx: Tx, schoolId: string, outboxIds: readonly string[]) {
  if (outboxIds.length === 0) return [];
  return tx
    .select({
      id: reportDeliveries.id,
      outboxId: reportDeliveries.outboxId,
      reportId: reportRuns.reportId,
      reportName: scheduledReports.name,
    })
    .from(reportDeliveries)
    .innerJoin(
      reportRuns,
      and(eq(reportRuns.schoolId, reportDeliveries.schoolId), eq(reportRuns.id, reportDeliveries.runId)),
    )
    .innerJoin(
      scheduledReports,
      and(eq(scheduledReports.schoolId, reportRuns.schoolId), eq(scheduledReports.id, reportRuns.reportId)),
    )
    .where(and(ofSchool(reportDeliveries, schoolId), inArray(reportDeliveries.outboxId, [...outboxIds])));
}

export async function deliveryOf(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(reportDeliveries, { outboxId: reportDeliveries.outboxId })
    .where(eq(reportDeliveries.id, id));
  return row;
}
