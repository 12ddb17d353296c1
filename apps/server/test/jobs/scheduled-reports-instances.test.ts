import { randomUUID } from "node:crypto";
import cronParser from "cron-parser";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { type Db, openDb } from "../../src/db/client.ts";
import { prepareJobTables } from "../../src/lib/jobs.ts";
import { REPORT_QUEUE } from "../../src/modules/scheduled-reports/index.ts";
import { type Inbox, startInbox } from "../helpers/inbox.ts";
import { insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { plainMember } from "../helpers/master-configuration.ts";
import { pdfText } from "../helpers/pdf-text.ts";

// Issue 31 §3, "Done when": a weekly incident summary to the coordinators, with THREE server instances on one
// PostgreSQL database each running the job runner (their own pools, as separate processes have), received at a
// real SMTP server exactly once per occurrence — every instance's tick fires each occurrence, several times — and
// a restart of every instance in the middle of an occurrence's delivery (an e-mail in flight at the SMTP server)
// that neither loses nor doubles an e-mail. A rerun of an occurrence already produced (a process that died after
// its commit, before the runner marked the job done) sends nothing.

const ADMIN_URL = process.env.JOBS_TEST_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NAME = `convive_reports_${randomUUID().slice(0, 8)}`;
const URL_OF_DB = ADMIN_URL.replace(/\/[^/]*$/, `/${NAME}`);
const TZ = "America/Mexico_City";
const WEEK = 7 * 86_400_000;
const WAIT = { timeout: 60_000, interval: 100 };

interface Instance {
  app: FastifyInstance;
  db: Db;
  close: () => Promise<void>;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let inbox: Inbox;
let holding = false;
const live: Instance[] = [];

/** One more server on the shared database, its job runner working (JOBS_ENABLED), mail to the test's SMTP server. */
async function instance(): Promise<Instance> {
  const opened = await openDb(URL_OF_DB, { poolSize: 4 });
  const config = loadConfig(
    { LOG_LEVEL: "silent", DEMO_DATA: "false", WEB_DIST: "/nonexistent" },
    {
      JOBS_ENABLED: true,
      JOBS_NAMESPACE: "reports.",
      SMTP_URL: inbox.url,
      PUBLIC_URL: "https://convive.example",
      APP_DOMAIN: "convive.example",
      OUTBOX_RETRY_SECONDS: 1,
      // A close waits 1 s for running jobs, then hands them back to the queue (retried by another instance).
      SHUTDOWN_GRACE_SECONDS: 3,
    },
  );
  const app = await buildApp({ config, db: opened.db });
  await app.ready();
  const made: Instance = {
    app,
    db: opened.db,
    close: async () => {
      live.splice(live.indexOf(made), 1);
      await app.close();
      await opened.close();
    },
  };
  live.push(made);
  return made;
}

/** What every instance's once-a-minute tick does, all at once, in the minutes around an occurrence. */
async function tickAround(instances: Instance[], at: Date) {
  for (const offset of [2_000, 60_000, 120_000]) {
    const when = new Date(at.getTime() + offset);
    await Promise.all(instances.map((i) => i.app.ctx.jobs.fireSchedules(when)));
  }
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

let s: IncidentSchool;
let coordinators: string[];
let reportId: number;
let first: Date;

beforeAll(async () => {
  await admin(`CREATE DATABASE ${NAME}`);
  const setup = await openDb(URL_OF_DB, { poolSize: 1 });
  await prepareJobTables(setup.db);
  await setup.close();
  inbox = await startInbox({ hold: () => holding });
}, 120_000);

afterAll(async () => {
  for (const i of [...live]) await i.close();
  await inbox?.close();
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
});

describe("a weekly incident summary with three instances on one database", () => {
  it("reaches each coordinator once per occurrence, however many instances fire it", async () => {
    const trio = [await instance(), await instance(), await instance()];
    const [a] = trio;
    s = await incidentSchool(a!.app, a!.db);
    // "The coordinators": the school's two.
    const second = await plainMember(a!.db, s.school, "coordinador");
    coordinators = [s.coordinador.user.email, second.email];

    const created = await s.director.as({
      method: "POST",
      url: "/api/scheduled-reports",
      headers: { "idempotency-key": randomUUID() },
      payload: {
        name: "Resumen semanal",
        type: "incident-summary",
        frequency: "weekly",
        weekday: 1,
        time: "07:00",
        format: "pdf",
        recipient_profile_ids: [s.school.profileIds.coordinador],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    reportId = created.json().data.report.id;

    // The next two Mondays at 07:00 on the school's clock; each week has its own incident.
    first = cronParser
      .parseExpression("0 7 * * 1", { tz: TZ, currentDate: new Date(Date.now() + 60_000) })
      .next()
      .toDate();
    const ana = { students: [{ id: s.a1.id, groupId: s.groupA.id }], recordedBy: s.teacher.user.id };
    const beto = { students: [{ id: s.b1.id, groupId: s.groupB.id }], recordedBy: s.otherTeacher.user.id };
    await insertIncident(a!.db, s, { ...ana, occurredAt: new Date(first.getTime() - 86_400_000) });
    await insertIncident(a!.db, s, { ...beto, occurredAt: new Date(first.getTime() + WEEK - 86_400_000) });

    for (const at of [first, new Date(first.getTime() + WEEK)]) await tickAround(trio, at);

    for (const email of coordinators) await inbox.waitFor(email, 2, 60_000);
    // Everything the two occurrences made is settled: two runs, their e-mails all sent, no job left to run.
    const db = trio[2]!.db;
    await vi.waitFor(async () => {
      const jobs = await rows<{ state: string }>(
        db,
        sql`select state from pgboss.job where name = ${`reports.${REPORT_QUEUE}`}`,
      );
      expect(jobs.map((j) => j.state)).toEqual(["completed", "completed"]);
      const pending = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from email_outbox o join report_deliveries d on d.outbox_id = o.id where o.status <> 'sent'`,
      );
      expect(pending[0]!.n).toBe(0);
    }, WAIT);
    const runs = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from report_runs where report_id = ${reportId}`,
    );
    expect(runs[0]!.n).toBe(2);

    for (const email of coordinators) {
      const mails = inbox.to(email);
      expect(mails).toHaveLength(2);
      expect(new Set(mails.map((m) => m.messageId)).size).toBe(2);
      const [week1, week2] = mails
        .map((m) => pdfText(m.attachments.find((f) => f.contentType === "application/pdf")!.content))
        .sort((x, y) => (x.includes("Ana Pérez") ? -1 : y.includes("Ana Pérez") ? 1 : 0));
      expect(week1).toContain("Ana Pérez Ruiz");
      expect(week1).not.toContain("Beto Pérez Ruiz");
      expect(week2).toContain("Beto Pérez Ruiz");
      expect(week2).not.toContain("Ana Pérez Ruiz");
    }
    // Nobody outside the profile received it.
    expect(inbox.to(s.director.user.email)).toHaveLength(0);
  }, 180_000);

  it("a restart of every instance while an occurrence's e-mail is in flight neither loses nor doubles one", async () => {
    const third = new Date(first.getTime() + 2 * WEEK);
    // The mail server takes the next messages but does not answer yet: a delivery is in flight.
    holding = true;
    await tickAround(live, third);
    await vi.waitFor(() => expect(inbox.heldCount()).toBeGreaterThan(0), WAIT);

    // Every instance restarts (a deploy): each close waits 1 s for its running jobs, then hands them back.
    for (const i of [...live]) await i.close();
    // The old processes' SMTP sessions end unanswered as far as the mail server is concerned: not received.
    inbox.releaseHeld(true);
    holding = false;

    const fresh = [await instance(), await instance(), await instance()];
    // The new instances' ticks catch up on the same minutes, and a job of an occurrence already produced runs again
    // (what a process killed after its commit, before the runner marked the job done, leaves behind).
    await tickAround(fresh, third);
    await fresh[0]!.app.ctx.jobs.send(REPORT_QUEUE, {
      scheduleKey: `${s.school.id}/${reportId}`,
      occurrence: first.toISOString(),
    });

    for (const email of coordinators) await inbox.waitFor(email, 3, 60_000);
    const db = fresh[0]!.db;
    await vi.waitFor(async () => {
      const jobs = await rows<{ state: string }>(
        db,
        sql`select state from pgboss.job where name = ${`reports.${REPORT_QUEUE}`} and state <> 'completed'`,
      );
      expect(jobs).toEqual([]);
      const pending = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from email_outbox o join report_deliveries d on d.outbox_id = o.id where o.status <> 'sent'`,
      );
      expect(pending[0]!.n).toBe(0);
    }, WAIT);
    const runs = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from report_runs where report_id = ${reportId}`,
    );
    expect(runs[0]!.n).toBe(3);
    for (const email of coordinators) {
      const mails = inbox.to(email);
      expect(mails).toHaveLength(3);
      expect(new Set(mails.map((m) => m.messageId)).size).toBe(3);
    }
  }, 180_000);
});
