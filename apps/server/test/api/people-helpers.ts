import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";
import { grades, groups, schoolYears, sections } from "../../src/db/schema/index.ts";

const PEOPLE_TABLES = [
  "memberships",
  "profiles",
  "profile_permissions",
  "students",
  "student_groups",
  "family_members",
  "family_links",
  "import_jobs",
  "invitations",
  "invitation_links",
] as const;

/** Row count and checksum of the school's people tables and its members' accounts: proof a refused call changed nothing. */
export async function peopleSnapshot(db: Db, schoolId: string): Promise<Record<string, string>> {
  const sum = async (from: string, where: ReturnType<typeof sql>) => {
    const result = (await db.execute(
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum
            from ${sql.raw(from)} t where ${where}`,
    )) as unknown as { rows: { n: number; sum: string }[] };
    return `${result.rows[0]!.n}:${result.rows[0]!.sum}`;
  };
  const out: Record<string, string> = {
    users: await sum("users", sql`t.id in (select user_id from memberships where school_id = ${schoolId})`),
  };
  for (const table of PEOPLE_TABLES) out[table] = await sum(`"${table}"`, sql`t.school_id = ${schoolId}`);
  return out;
}

/** A current school year with one section, grade and group (optionally headed by `headTeacherId`). */
export async function seedGroup(
  db: Db,
  schoolId: string,
  headTeacherId: number | null = null,
  names = ["Primaria", "1°", "A"],
) {
  const [year] = await db
    .insert(schoolYears)
    .values({ schoolId, name: "2026-2027", startsOn: "2026-08-24", endsOn: "2027-07-09", isCurrent: true })
    .onConflictDoNothing()
    .returning();
  const yearId =
    year?.id ??
    (
      (await db.execute(sql`select id from school_years where school_id = ${schoolId} and is_current`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;
  const [section] = await db.insert(sections).values({ schoolId, name: names[0]! }).returning();
  const [grade] = await db.insert(grades).values({ schoolId, sectionId: section!.id, name: names[1]! }).returning();
  const [group] = await db
    .insert(groups)
    .values({ schoolId, gradeId: grade!.id, schoolYearId: yearId, name: names[2]!, headTeacherId })
    .returning();
  return { yearId, sectionId: section!.id, gradeId: grade!.id, groupId: group!.id };
}
