import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateIncidents } from "../../src/db/seed/incidents.ts";
import { insertStarterCatalogue } from "../../src/modules/incident-config/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { incidentSchool } from "../helpers/incidents.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("incident generator (demo data and benchmark)", () => {
  it("fills a school with consistent incidents, students, timeline and actions, continuing the folios", async () => {
    const s = await incidentSchool(t.app, t.db);
    const id = s.school.id;
    await t.db.transaction((tx) => generateIncidents(tx, id, { count: 300, days: 60 }));
    await t.db.transaction((tx) => generateIncidents(tx, id, { count: 30, days: 60, seed: 2 }));

    const [folios] = await rows<{ n: number; min: number; max: number; distinct: number }>(
      sql`select count(*)::int n, min(folio) min, max(folio) max, count(distinct folio)::int as distinct
            from incidents where school_id = ${id}`,
    );
    expect(folios).toEqual({ n: 330, min: 1, max: 330, distinct: 330 });
    const [counter] = await rows<{ last_folio: number }>(
      sql`select last_folio from incident_counters where school_id = ${id}`,
    );
    expect(counter!.last_folio).toBe(330);

    const [order] = await rows<{ backwards: number }>(sql`
      select count(*)::int as backwards from incidents a join incidents b on b.school_id = a.school_id
         and b.folio = a.folio + 1 where a.school_id = ${id} and a.folio <= 300 and b.folio <= 300
         and b.occurred_at < a.occurred_at`);
    expect(order!.backwards).toBe(0);

    const statuses = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int n from incidents where school_id = ${id} group by status order by status`,
    );
    expect(statuses.map((r) => r.status)).toEqual(["cancelled", "closed", "open"]);

    const [bad] = await rows<{ future: number; noStudent: number; wrongGroup: number; noCreated: number }>(sql`
      select (select count(*) from incidents where school_id = ${id} and occurred_at > now())::int as "future",
             (select count(*) from incidents i where school_id = ${id} and not exists (select 1 from incident_students x
                where x.school_id = i.school_id and x.incident_id = i.id))::int as "noStudent",
             (select count(*) from incidents i join incident_students x on x.school_id = i.school_id
                and x.incident_id = i.id and x.role = 'involved' where i.school_id = ${id}
                and x.group_id is distinct from i.group_id)::int as "wrongGroup",
             (select count(*) from incidents i where school_id = ${id} and not exists (select 1 from incident_timeline e
                where e.school_id = i.school_id and e.incident_id = i.id and e.event = 'created'))::int as "noCreated"`);
    expect(bad).toEqual({ future: 0, noStudent: 0, wrongGroup: 0, noCreated: 0 });

    const [actions] = await rows<{ n: number; pendingOnClosed: number }>(sql`
      select count(*)::int n,
             count(*) filter (where i.status = 'closed' and a.next_due_on is not null)::int as "pendingOnClosed"
        from formative_actions a join incidents i on i.school_id = a.school_id and i.id = a.incident_id
       where a.school_id = ${id}`);
    expect(actions!.n).toBeGreaterThan(50);
    expect(actions!.pendingOnClosed).toBe(0);
    // ≈5 s alone; CI runs it beside the resilience suites (their own PostgreSQL and server processes) on 2 cores.
  }, 120_000);

  it("writes details that match the incident's type (issue 12 §9: a damage type said someone mocked an accent)", async () => {
    const s = await incidentSchool(t.app, t.db);
    const id = s.school.id;
    await t.db.transaction(async (tx) => {
      await insertStarterCatalogue(tx, id);
      await generateIncidents(tx, id, { count: 400, days: 60 });
    });
    const details = await rows<{ type: string; detail: string }>(sql`
      select distinct t.name_es as type, i.detail from incidents i
        join incident_types t on t.school_id = i.school_id and t.id = i.type_id where i.school_id = ${id}`);
    const of = (type: string) => details.filter((d) => d.type === type).map((d) => d.detail);
    // What a reader expects each type to talk about.
    const about: Record<string, RegExp> = {
      "Uso del celular sin autorización": /celular/,
      "Agresión física": /empuj/,
      "Incumplimiento de tareas": /tarea|proyecto/,
      "Daño a las instalaciones o a bienes ajenos": /rayó|rompió/i,
      "Copiar en un examen o plagio": /cop/,
    };
    for (const [type, words] of Object.entries(about)) {
      expect(of(type).length, type).toBeGreaterThan(0);
      for (const detail of of(type)) expect(detail, type).toMatch(words);
    }
  });
});
