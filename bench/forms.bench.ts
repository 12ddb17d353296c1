/**
 * Forms bench (`npm run bench:forms`, issue 29 "Speed"): sending a form to BENCH_FAMILIES families (default 1 000:
 * that many students, each with one family member, added to a group of the demo school) answers in ≤ 2 s server
 * time with its pending rows and in-app notifications written and its e-mail job queued (`Server-Timing: app;dur`,
 * in-process app.inject; JOBS_ENABLED=false, so the job only waits); the completion view of such a form, half of it
 * answered, answers in ≤ 80 ms. BENCH_ROUNDS sends and views.
 *
 * BENCH_DATABASE_URL=postgres://… | postgres-fresh (or --postgres)   default: in-memory PGlite
 */
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { todayIn } from "@convive/domain";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { COLEGIO_ID } from "../apps/server/src/db/seed/colegio-demo.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { benchDatabase } from "./database.ts";
import { runBench } from "./run.ts";
import { percentile, positiveInteger, signIn } from "./support.ts";

const SEND_BUDGET_MS = 2000;
const VIEW_BUDGET_MS = 80;
const families = positiveInteger("BENCH_FAMILIES", 1000);
const rounds = positiveInteger("BENCH_ROUNDS", 10);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const fmt = (n: number) => `${n.toFixed(1)} ms`;
const timing = (headers: Record<string, unknown>) => {
  const match = /app;dur=([\d.]+)/.exec(String(headers["server-timing"] ?? ""));
  if (!match) throw new Error("no server timing");
  return Number(match[1]);
};

/** A group of the current year with `count` students, each with a family member of their own (an active Familiar). */
async function seedGroup(db: Awaited<ReturnType<typeof openDb>>["db"], count: number) {
  return db.transaction(async (tx) => {
    const [group] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select g.id from groups g join school_years y on y.school_id = g.school_id and y.id = g.school_year_id
         where g.school_id = ${COLEGIO_ID} and y.is_current order by g.id limit 1`),
    );
    const [profile] = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from profiles where school_id = ${COLEGIO_ID} and template_key = 'familiar'`),
    );
    await tx.execute(sql`
      insert into users (first_name, paternal_surname, email, password_hash)
      select 'Familia', 'Bench ' || g, 'bench.formfam.' || g || '@convive.test', 'x' from generate_series(1, ${count}) g`);
    await tx.execute(sql`
      insert into memberships (school_id, user_id, profile_id)
      select ${COLEGIO_ID}, id, ${profile!.id} from users where email like 'bench.formfam.%@convive.test'`);
    await tx.execute(sql`
      insert into family_members (school_id, user_id)
      select ${COLEGIO_ID}, id from users where email like 'bench.formfam.%@convive.test'`);
    await tx.execute(sql`
      insert into students (school_id, enrollment, first_name, paternal_surname, maternal_surname)
      select ${COLEGIO_ID}, 'BENCH-FRM-' || g, 'Alumno', 'Bench ' || g, 'Formulario' from generate_series(1, ${count}) g`);
    await tx.execute(sql`
      insert into student_groups (school_id, student_id, school_year_id, group_id)
      select s.school_id, s.id, g.school_year_id, g.id
        from students s, groups g
       where s.school_id = ${COLEGIO_ID} and s.enrollment like 'BENCH-FRM-%' and g.school_id = s.school_id
         and g.id = ${group!.id}`);
    await tx.execute(sql`
      insert into family_links (school_id, student_id, user_id, relationship)
      select s.school_id, s.id, u.id, 'mother'
        from students s join users u on u.email = 'bench.formfam.' || substr(s.enrollment, 11) || '@convive.test'
       where s.school_id = ${COLEGIO_ID} and s.enrollment like 'BENCH-FRM-%'`);
    return group!.id;
  });
}

async function main() {
  const database = await benchDatabase(process.env, process.argv.slice(2));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST: "/nonexistent",
    JOBS_ENABLED: "false",
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  });
  const opened = await openDb(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, db: opened.db });
    await seedDemoIfEmpty(opened.db);
    const groupId = await seedGroup(opened.db, families);
    const director = await signIn(app, "director@convive.test", "director@");
    const json = { ...director.headers, "content-type": "application/json" };
    console.log(`Convive forms bench — ${database.label}`);
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${load} (figures scale with it)\n`);
    const template = await app.inject({
      method: "POST",
      url: "/api/form-templates",
      headers: { ...json, "idempotency-key": randomUUID() },
      payload: {
        name: "Permiso de excursión",
        name_en: "Field trip permission",
        fields: Array.from({ length: 10 }, (_, i) => ({
          key: `q${i + 1}`,
          type: i === 0 ? "yes_no" : i === 9 ? "acknowledgement" : "short_text",
          label: `Pregunta ${i + 1}`,
          label_en: `Question ${i + 1}`,
          required: i === 0,
        })),
      },
    });
    if (template.statusCode !== 201) throw new Error(`template: ${template.statusCode} ${template.body.slice(0, 300)}`);
    const templateId = template.json().data.template.id;
    const due = todayIn("America/Mexico_City");
    const sends: number[] = [];
    let reached = 0;
    let formId = 0;
    for (let i = 0; i < rounds + 1; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/forms",
        headers: { ...json, "idempotency-key": randomUUID() },
        payload: { template_id: templateId, due_date: due, audience: { group_ids: [groupId] } },
      });
      if (res.statusCode !== 201) throw new Error(`send: ${res.statusCode} ${res.body.slice(0, 300)}`);
      reached = res.json().data.form.students;
      formId = res.json().data.form.id;
      if (i > 0) sends.push(timing(res.headers)); // the first warms the plans
    }
    // Half the families answer the last form.
    await opened.db.execute(sql`
      update form_responses set status = 'submitted', answers = '{"q1":"yes"}'::jsonb, submitted_at = now(), updated_at = now()
       where school_id = ${COLEGIO_ID} and form_id = ${formId} and student_id % 2 = 0`);
    const views: number[] = [];
    for (let i = 0; i < rounds * 3 + 1; i++) {
      const res = await app.inject({ method: "GET", url: `/api/forms/${formId}`, headers: director.headers });
      if (res.statusCode !== 200) throw new Error(`view: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i > 0) views.push(timing(res.headers));
    }
    const [notified] = rowsOf<{ n: number }>(
      await opened.db.execute(sql`select count(*)::int as n from notifications
        where school_id = ${COLEGIO_ID} and type = 'form.received'`),
    );
    console.table([
      {
        what: "send",
        students: reached,
        runs: sends.length,
        p50: fmt(percentile(sends, 50)),
        p95: fmt(percentile(sends, 95)),
        max: fmt(Math.max(...sends)),
        "notifications written": notified!.n,
      },
      {
        what: "completion view",
        students: reached,
        runs: views.length,
        p50: fmt(percentile(views, 50)),
        p95: fmt(percentile(views, 95)),
        max: fmt(Math.max(...views)),
      },
    ]);
    const worst = Math.max(...sends);
    const view = percentile(views, 95);
    console.log(
      `form to ${reached} families, slowest server time: ${fmt(worst)} (target ≤ ${SEND_BUDGET_MS} ms) ${worst <= SEND_BUDGET_MS ? "PASS" : "FAIL"}`,
    );
    console.log(
      `completion view of ${reached} students, p95 server time: ${fmt(view)} (target ≤ ${VIEW_BUDGET_MS} ms) ${view <= VIEW_BUDGET_MS ? "PASS" : "FAIL"}`,
    );
  } finally {
    await app?.close();
    await opened.close();
    await database.drop();
  }
}

runBench(main);
