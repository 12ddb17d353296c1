import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { classListOrderSql } from "../../lib/names.ts";

/**
 * SQL of publishing grades per group (issue 26 §1; table rating_group_publications, migration 0030). A group's
 * publication is live until unpublished; its families see it once notify_at has passed (the unpublish window).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ids = (values: readonly number[]) => sql.raw(`'{${values.map(Number).join(",")}}'::integer[]`);
const instant = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/**
 * THE rule of what a family sees (every family read of ratings and scorecards uses it): a period is published for
 * a student when the student's group of that period's school year has a live publication whose window is over.
 * `publishedAt` is when the families were let see it.
 */
export async function publishedPeriodsFor(tx: Tx, schoolId: string, studentIds: readonly number[]) {
  if (studentIds.length === 0) return [];
  const result = await tx.execute(sql`
    select sg.student_id, gp.period_id, gp.notify_at
      from student_groups sg
      join periods p on p.school_id = sg.school_id and p.school_year_id = sg.school_year_id
      join rating_group_publications gp on gp.school_id = sg.school_id and gp.period_id = p.id
        and gp.group_id = sg.group_id
     where sg.school_id = ${schoolId} and sg.student_id = any(${ids(studentIds)})
       and gp.unpublished_at is null and gp.notify_at <= now()`);
  return rowsOf<{ student_id: number; period_id: number; notify_at: string }>(result).map((r) => ({
    studentId: Number(r.student_id),
    periodId: Number(r.period_id),
    publishedAt: new Date(r.notify_at),
  }));
}

export interface PublicationRow {
  groupId: number;
  publishedAt: Date;
  notifyAt: Date;
  notifiedAt: Date | null;
  /** The window is still open (now < notify_at) and nobody was told. */
  pending: boolean;
}

/** The live publications of the period (of `groupIds` only, when given). */
export async function livePublications(tx: Tx, schoolId: string, periodId: number, groupIds?: readonly number[]) {
  const result = await tx.execute(sql`
    select group_id, published_at, notify_at, notified_at, (notify_at > now() and notified_at is null) as pending
      from rating_group_publications
     where school_id = ${schoolId} and period_id = ${periodId} and unpublished_at is null
       ${groupIds ? sql`and group_id = any(${ids(groupIds)})` : sql``}`);
  return rowsOf<Record<string, unknown>>(result).map(
    (r): PublicationRow => ({
      groupId: Number(r.group_id),
      publishedAt: instant(r.published_at)!,
      notifyAt: instant(r.notify_at)!,
      notifiedAt: instant(r.notified_at),
      pending: Boolean(r.pending),
    }),
  );
}

/**
 * Publishes the period for the groups, the families to be told after `windowSeconds`; a group already live is
 * left as it was, an unpublished one starts again. Returns the groups published now with their notify_at.
 */
export async function publish(
  tx: Tx,
  schoolId: string,
  periodId: number,
  groupIds: readonly number[],
  by: number,
  windowSeconds: number,
) {
  const result = await tx.execute(sql`
    insert into rating_group_publications as gp (school_id, period_id, group_id, published_at, published_by, notify_at)
    select ${schoolId}, ${periodId}, g, now(), ${by}, now() + make_interval(secs => ${windowSeconds})
      from unnest(${ids(groupIds)}) as g
    on conflict (school_id, period_id, group_id) do update
       set published_at = excluded.published_at, published_by = excluded.published_by,
           notify_at = excluded.notify_at, notified_at = null, unpublished_at = null, unpublished_by = null
     where gp.unpublished_at is not null
    returning group_id, notify_at`);
  return rowsOf<{ group_id: number; notify_at: string }>(result).map((r) => ({
    groupId: Number(r.group_id),
    notifyAt: new Date(r.notify_at),
  }));
}

/**
 * Unpublishes the groups whose window is still open (families never saw them nor were told); returns the ids of
 * those unpublished. A group past its window, or already told, is left published.
 */
export async function unpublish(tx: Tx, schoolId: string, periodId: number, groupIds: readonly number[], by: number) {
  const result = await tx.execute(sql`
    update rating_group_publications set unpublished_at = now(), unpublished_by = ${by}
     where school_id = ${schoolId} and period_id = ${periodId} and group_id = any(${ids(groupIds)})
       and unpublished_at is null and notified_at is null and notify_at > now()
    returning group_id`);
  return rowsOf<{ group_id: number }>(result).map((r) => Number(r.group_id));
}

/**
 * Claims a publication whose window is over for telling its families: true once (the row is marked notified);
 * false when it was unpublished, is not due yet, or another run told them already.
 */
export async function claimDue(tx: Tx, schoolId: string, periodId: number, groupId: number) {
  const result = await tx.execute(sql`
    update rating_group_publications set notified_at = now()
     where school_id = ${schoolId} and period_id = ${periodId} and group_id = ${groupId}
       and unpublished_at is null and notified_at is null and notify_at <= now()
    returning group_id`);
  return rowsOf(result).length > 0;
}

/** The first active student of each group (class-list order): the preview's sample. */
export async function firstStudents(tx: Tx, schoolId: string, groupIds: readonly number[]) {
  if (groupIds.length === 0) return [];
  const result = await tx.execute(sql`
    select distinct on (sg.group_id) sg.group_id, s.id,
           concat_ws(' ', s.first_name, nullif(s.paternal_surname, ''), nullif(s.maternal_surname, '')) as name
      from student_groups sg
      join students s on s.school_id = sg.school_id and s.id = sg.student_id and s.status = 'active'
     where sg.school_id = ${schoolId} and sg.group_id = any(${ids(groupIds)})
     order by sg.group_id, ${classListOrderSql("s")}`);
  return rowsOf<{ group_id: number; id: number; name: string }>(result).map((r) => ({
    groupId: Number(r.group_id),
    id: Number(r.id),
    name: r.name,
  }));
}

/** The values of these students in the period (the preview's samples). */
export async function ratingsOf(tx: Tx, schoolId: string, periodId: number, studentIds: readonly number[]) {
  if (studentIds.length === 0) return [];
  const result = await tx.execute(sql`
    select student_id, measure_id, value, scale_version_id from ratings
     where school_id = ${schoolId} and period_id = ${periodId} and student_id = any(${ids(studentIds)})`);
  return rowsOf<{ student_id: number; measure_id: number; value: string; scale_version_id: number }>(result).map(
    (r) => ({
      studentId: Number(r.student_id),
      measureId: Number(r.measure_id),
      value: r.value,
      scaleVersionId: Number(r.scale_version_id),
    }),
  );
}
