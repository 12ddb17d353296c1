import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "../helpers/app.ts";

/**
 * Issue 11, sharding by school (docs/scaling.md): a distributed PostgreSQL (Citus) places each row by its
 * distribution column and keeps keys and joins local only when they include it. So every tenant table — every table
 * with a school_id — has a primary key that starts with school_id, and every foreign key from one tenant table to
 * another starts with school_id too. Foreign keys to the platform's own tables (users: a person is platform-wide)
 * are references to a table every node would hold whole (a Citus reference table).
 */
const PLATFORM_TABLES = [
  "help_videos",
  // The job runner's per-key schedules (lib/jobs.ts): platform work keyed by queue and key, a school's id in the key.
  "job_schedules",
  "login_failures",
  "login_unlocks",
  "password_resets",
  "schools",
  "sessions",
  "trusted_devices",
  "users",
];

/**
 * Tables with a school_id that are not sharded by it, each with the reason. The e-mail outbox holds the platform's
 * mail (school_id null: resets, unlocks) beside the schools' in one queue the job runner drains by id; on Citus it is
 * a local table of the coordinator, like the runner's own. Its files (email_attachments, issue 31 §3) go with it.
 */
const UNSHARDED_WITH_SCHOOL = ["email_attachments", "email_outbox"];

let db: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;

async function tables() {
  return rows<{ name: string; tenant: boolean }>(sql`
    select c.relname as name,
           exists (select 1 from pg_attribute a
                    where a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped) as tenant
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname not like '__drizzle%'
     order by 1`);
}

async function keys() {
  return rows<{ table: string; kind: "p" | "f"; columns: string; references: string | null; tenant_ref: boolean }>(sql`
    select t.relname as table, con.contype as kind,
           (select string_agg(att.attname, ',' order by k.ord)
              from unnest(con.conkey) with ordinality k(attnum, ord)
              join pg_attribute att on att.attrelid = con.conrelid and att.attnum = k.attnum) as columns,
           r.relname as references,
           coalesce(exists (select 1 from pg_attribute a
                             where a.attrelid = con.confrelid and a.attname = 'school_id' and not a.attisdropped), false)
             as tenant_ref
      from pg_constraint con
      join pg_class t on t.oid = con.conrelid
      join pg_namespace n on n.oid = t.relnamespace
      left join pg_class r on r.oid = con.confrelid
     where n.nspname = current_schema() and con.contype in ('p', 'f')`);
}

describe("tenant keys lead with school_id", () => {
  it("every table is either a tenant table or one of the platform's, named here", async () => {
    const all = await tables();
    const platform = all.filter((t) => !t.tenant).map((t) => t.name);
    expect(platform).toEqual(PLATFORM_TABLES);
    expect(all.filter((t) => t.tenant).length).toBeGreaterThan(20);
  });

  it("every tenant table's primary key starts with school_id", async () => {
    const tenantTables = (await tables())
      .filter((t) => t.tenant && !UNSHARDED_WITH_SCHOOL.includes(t.name))
      .map((t) => t.name);
    const primary = new Map((await keys()).filter((k) => k.kind === "p").map((k) => [k.table, k.columns]));
    const wrong = tenantTables
      .map((name) => ({ name, key: primary.get(name) ?? "(no primary key)" }))
      .filter(({ key }) => !key.startsWith("school_id"));
    expect(wrong).toEqual([]);
  });

  it("every foreign key between tenant tables starts with school_id", async () => {
    const tenantTables = new Set((await tables()).filter((t) => t.tenant).map((t) => t.name));
    const wrong = (await keys()).filter(
      (k) => k.kind === "f" && tenantTables.has(k.table) && k.tenant_ref && !k.columns.startsWith("school_id"),
    );
    expect(wrong).toEqual([]);
  });
});
