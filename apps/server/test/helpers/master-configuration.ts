import type { ProfileTemplateKey } from "@convive/domain";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../src/db/client.ts";
import { profilePermissions, profiles } from "../../src/db/schema/index.ts";
import { addMember, client, type createSchool, createUser, login, uniq } from "./factories.ts";

type School = Awaited<ReturnType<typeof createSchool>>;

/** A member of a profile the school made itself, holding exactly `grants` (inserted directly, no API). */
export async function customMember(app: FastifyInstance, db: Db, school: School, grants: readonly string[]) {
  const [profile] = await db
    .insert(profiles)
    .values({ schoolId: school.id, name: uniq("Perfil") })
    .returning({ id: profiles.id });
  if (grants.length > 0) {
    await db
      .insert(profilePermissions)
      .values(grants.map((permission) => ({ schoolId: school.id, profileId: profile!.id, permission })));
  }
  const user = await createUser(db);
  await addMember(db, school.id, user.id, profile!.id);
  const token = await login(app, user.email);
  return { user, token, as: client(app, token, school.id), profileId: profile!.id };
}

/** A member who never signs in during the test (a head teacher, a parent). */
export async function plainMember(db: Db, school: School, template: ProfileTemplateKey, isActive = true) {
  const user = await createUser(db);
  await addMember(db, school.id, user.id, school.profileIds[template], isActive);
  return user;
}

const STRUCTURE_TABLES = [
  "school_years",
  "periods",
  "sections",
  "grades",
  "groups",
  "subjects",
  "subject_grades",
  "teaching_assignments",
] as const;

/** Row count and checksum of the school's row and its structure tables, to prove a refused call changed nothing. */
export async function structureSnapshot(db: Db, schoolId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables = [["schools", "id"] as const, ...STRUCTURE_TABLES.map((t) => [t, "school_id"] as const)];
  for (const [table, column] of tables) {
    const result = (await db.execute(
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum
            from ${sql.raw(`"${table}"`)} t where ${sql.raw(column)} = ${schoolId}`,
    )) as unknown as { rows: { n: number; sum: string }[] };
    out[table] = `${result.rows[0]!.n}:${result.rows[0]!.sum}`;
  }
  return out;
}
