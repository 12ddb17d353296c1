import type { SetupStage } from "@convive/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";

/**
 * The seven setup stages (spec §3), each computed from the data in one query: a current school year, its
 * periods, grades, groups of the current year, subjects, active students, and staff beyond the director who are
 * members. An invitation on its way is not a member yet (issue 26 §4): `staffInvited` tells it apart, shown as
 * pending.
 */
export async function setupStages(tx: Tx, schoolId: string): Promise<Record<SetupStage, boolean>> {
  // Raw SQL: seven exists() in one round trip; each names its school, as the helper would.
  const result = await tx.execute(sql`
    with cy as (select id from school_years where school_id = ${schoolId} and is_current)
    select
      exists(select 1 from cy) as school_year,
      exists(select 1 from periods p join cy on p.school_year_id = cy.id where p.school_id = ${schoolId}) as periods,
      exists(select 1 from grades where school_id = ${schoolId}) as grades,
      exists(select 1 from groups g join cy on g.school_year_id = cy.id where g.school_id = ${schoolId}) as groups,
      exists(select 1 from subjects where school_id = ${schoolId}) as subjects,
      exists(select 1 from students where school_id = ${schoolId} and status = 'active') as students,
      exists(select 1 from memberships m join profiles p on p.school_id = m.school_id and p.id = m.profile_id
              where m.school_id = ${schoolId} and m.is_active
                and coalesce(p.template_key, '') not in ('director', 'familiar')) as users`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    schoolYear: Boolean(row.school_year),
    periods: Boolean(row.periods),
    grades: Boolean(row.grades),
    groups: Boolean(row.groups),
    subjects: Boolean(row.subjects),
    students: Boolean(row.students),
    users: Boolean(row.users),
  };
}

/** Whether staff beyond the director are invited and have not yet accepted (the users stage's "invitation sent"). */
export async function staffInvited(tx: Tx, schoolId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    select exists(select 1 from invitations i join profiles p on p.school_id = i.school_id and p.id = i.profile_id
                  where i.school_id = ${schoolId} and i.accepted_at is null and i.expires_at > now()
                    and coalesce(p.template_key, '') not in ('director', 'familiar')) as invited`);
  return Boolean((result as unknown as { rows: Record<string, unknown>[] }).rows[0]?.invited);
}

/** When the school first completed its setup; null while it is being set up (or unknown school). */
export async function setupCompletedAt(tx: Tx, schoolId: string): Promise<Date | null> {
  const [row] = await tx.select({ at: schools.setupCompletedAt }).from(schools).where(eq(schools.id, schoolId));
  return row?.at ?? null;
}

/** Records the end of the school's setup; false when it was already recorded (another request got there first). */
export async function markSetupCompleted(tx: Tx, schoolId: string): Promise<boolean> {
  const rows = await tx
    .update(schools)
    .set({ setupCompletedAt: sql`now()` })
    .where(and(eq(schools.id, schoolId), isNull(schools.setupCompletedAt)))
    .returning({ id: schools.id });
  return rows.length > 0;
}
