import { randomUUID } from "node:crypto";
import { todayIn } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incidentAcknowledgements } from "../../src/db/schema/index.ts";
import { createAppOn } from "../helpers/app.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { createAppWithInbox } from "../helpers/inbox.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Issue 30 §5: retention. The Director sets how long each category is kept after a student leaves (permission
 * master-configuration-data-retention, validated with translated errors); the daily job — each school's own cron on
 * the job runner — tells the Director ahead (notification and e-mail), then anonymises only what expired of students
 * who left, keeps a student with an open referral, writes the retention log, runs once per day across two
 * instances, and leaves another school alone. Time moves by the schedule's occurrence (the job's day), not the clock.
 */
type As = IncidentSchool["director"]["as"];
let t: Awaited<ReturnType<typeof createAppWithInbox>>;
let second: FastifyInstance;
let s: IncidentSchool;
let other: IncidentSchool;
const TZ = "America/Mexico_City";
const today = todayIn(TZ);

const call = (as: As, method: "GET" | "POST" | "PATCH", url: string, payload?: object, lang = "es") =>
  as({ method, url, payload, headers: { "accept-language": lang } });
const data = async (as: As, url: string) => {
  const res = await call(as, "GET", url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** 02:30 in Mexico City (08:30 UTC) on the day `days` after `day`: when the school's daily job runs. */
const runAt = (day: string, days: number) => new Date(Date.parse(`${day}T08:30:00Z`) + days * 86_400_000);
const yearLater = (() => {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  return `${y + 1}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
})();

/** Both instances' runners tick the same minutes, as two servers would. */
const tick = (at: Date) => Promise.all([t.app.ctx.jobs.fireSchedules(at), second.ctx.jobs.fireSchedules(at)]);

/** Until `check` holds (the job runs on the runner's own time), at most 30 s. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const incident = async (school: IncidentSchool, studentIds: number[], detail: string) => {
  const res = await call(
    school.teacher.as,
    "POST",
    "/api/incidents",
    registration(school, { students: studentIds.map((id) => ({ student_id: id, role: "involved" })), detail }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.incident.id as number;
};
const detailOf = async (school: IncidentSchool, id: number) =>
  (await data(school.director.as, `/api/incidents/${id}`)).incident.detail as string;
const leave = async (school: IncidentSchool, studentId: number, status: "withdrawn" | "graduated") => {
  const res = await call(school.director.as, "PATCH", `/api/students/${studentId}`, { status });
  expect(res.statusCode, res.body).toBe(200);
};

let alansIncident: number;
let sharedIncident: number;
let betosIncident: number;
let othersIncident: number;

beforeAll(async () => {
  const namespace = `t${randomUUID().slice(0, 8)}.`;
  t = await createAppWithInbox({ JOBS_ENABLED: true, JOBS_NAMESPACE: namespace });
  second = await createAppOn(t.db, { ...t.app.ctx.config, JOBS_ENABLED: true, JOBS_NAMESPACE: namespace });
  s = await incidentSchool(t.app, t.db);
  other = await incidentSchool(t.app, t.db);

  alansIncident = await incident(s, [s.a2.id], "Alan Pérez empujó a un compañero en la fila.");
  sharedIncident = await incident(s, [s.a1.id, s.a2.id], "Ana y Alan discutieron en el patio.");
  betosIncident = await incident(s, [s.b1.id], "Beto rompió un cuaderno ajeno.");
  othersIncident = await incident(other, [other.a2.id], "Alan de la otra escuela llegó tarde.");
  const closed = await call(s.director.as, "POST", `/api/incidents/${alansIncident}/close`, {
    closing_note: "Se habló con la familia de Alan.",
  });
  expect(closed.statusCode, closed.body).toBe(200);
  // A family's acknowledgement with a comment (issue 30 §1), written straight in: Alan has no family on record here.
  await t.db.insert(incidentAcknowledgements).values({
    schoolId: s.school.id,
    incidentId: alansIncident,
    userId: s.motherOfA1.user.id,
    comment: "Hablamos con Alan en casa.",
    sessionId: randomUUID(),
    device: "Safari en iOS",
  });
  const observed = await call(s.teacher.as, "POST", "/api/accompaniment-observations", {
    student_id: s.a2.id,
    observation_type_id: s.observationType.id,
    text: "Alan participó con entusiasmo.",
    observed_on: schoolDay(0),
  });
  expect(observed.statusCode, observed.body).toBe(201);

  // Beto has an open referral to a psychologist (his family consented): it holds his records.
  const accepted = await call(s.fatherOfB1.as, "POST", `/api/users/${s.fatherOfB1.user.id}`, {
    privacy_notice_viewed: 1,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const consents = await data(s.fatherOfB1.as, `/api/students/${s.b1.id}/consents`);
  const granted = await call(s.fatherOfB1.as, "POST", `/api/students/${s.b1.id}/consents`, {
    category: "external_support",
    granted: true,
    notice_version: consents.consents.notice_version,
    language: "es",
  });
  expect(granted.statusCode, granted.body).toBe(200);
  const types = (await data(s.director.as, "/api/trainer-types")) as { id: number; name: string }[];
  const referral = await call(s.director.as, "POST", `/api/students/${s.b1.id}/referrals`, {
    trainer_type_id: types.find((x) => x.name === "Psicólogo")!.id,
    specialist: "Psic. Mariana Lozano",
    reason: "Ansiedad.",
    start_date: today,
  });
  expect(referral.statusCode, referral.body).toBe(201);

  await leave(s, s.a2.id, "withdrawn");
  // Ana left and came back the same week: she is a current student again, nothing of hers is counted down.
  await leave(s, s.a1.id, "withdrawn");
  const back = await call(s.director.as, "PATCH", `/api/students/${s.a1.id}`, { status: "active" });
  expect(back.statusCode, back.body).toBe(200);
  await leave(s, s.b1.id, "graduated");
  await leave(other, other.a2.id, "withdrawn");
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe("retention settings", () => {
  it("the Director reads the defaults, the floor of health records and the holds in force, in her language", async () => {
    const settings = await data(s.director.as, "/api/retention/settings");
    expect(settings.notice_days).toBe(30);
    const byCategory = Object.fromEntries(
      (settings.categories as { category: string; years: number; min_years: number }[]).map((c) => [c.category, c]),
    );
    expect(byCategory.incidents).toMatchObject({ years: 5, min_years: 1 });
    expect(byCategory.nursing).toMatchObject({ years: 5, min_years: 5 });
    expect(Object.keys(byCategory)).toEqual(
      expect.arrayContaining(["observations", "messages", "external_support", "inclusion", "forms", "read_log"]),
    );
    expect(settings.holds).toContain("Canalización externa abierta");
    const en = await call(s.director.as, "GET", "/api/retention/settings", undefined, "en");
    expect(en.json().data.holds).toContain("Open external referral");
  });

  it("only holders of the permission read or change it: teacher, coordinator and family get 403", async () => {
    for (const who of [s.teacher, s.coordinador, s.motherOfA1]) {
      expect((await call(who.as, "GET", "/api/retention/settings")).statusCode).toBe(403);
      expect(
        (await call(who.as, "PATCH", "/api/retention/settings", { categories: { incidents: 1 } })).statusCode,
      ).toBe(403);
      expect((await call(who.as, "GET", "/api/retention/log")).statusCode).toBe(403);
      expect((await call(who.as, "GET", "/api/retention/upcoming")).statusCode).toBe(403);
    }
    // Students who left today are not due within the notice days: nothing upcoming yet.
    expect(await data(s.director.as, "/api/retention/upcoming")).toEqual([]);
  });

  it("refuses out-of-range periods and notice days with the field's message in each language", async () => {
    const cases: [object, string, string, string][] = [
      [
        { categories: { incidents: 0 } },
        "categories.incidents",
        "Indica un número entero de años entre 1 y 30.",
        "Enter a whole number of years from 1 to 30.",
      ],
      [
        { categories: { messages: 31 } },
        "categories.messages",
        "Indica un número entero de años entre 1 y 30.",
        "Enter a whole number of years from 1 to 30.",
      ],
      [
        { categories: { nursing: 2 } },
        "categories.nursing",
        "Esta categoría se conserva al menos 5 años.",
        "This category is kept for at least 5 years.",
      ],
      [{ notice_days: 3 }, "notice_days", "Indica entre 7 y 90 días de aviso.", "Enter from 7 to 90 days of notice."],
    ];
    for (const [body, field, es, en] of cases) {
      const resEs = await call(s.director.as, "PATCH", "/api/retention/settings", body, "es");
      expect(resEs.statusCode, resEs.body).toBe(422);
      expect(resEs.json().errors[field]).toBe(es);
      const resEn = await call(s.director.as, "PATCH", "/api/retention/settings", body, "en");
      expect(resEn.json().errors[field]).toBe(en);
    }
    const unknown = await call(s.director.as, "PATCH", "/api/retention/settings", { categories: { diaries: 3 } });
    expect(unknown.statusCode).toBe(422);
    expect((await data(s.director.as, "/api/retention/settings")).categories[0].years).toBe(5);
  });
});

describe("the daily retention job", () => {
  it("tells the Director ahead, then anonymises only what expired, keeps held students, logs it, once, and leaves another school alone", async () => {
    // This school keeps everything one year (health records cannot go under five); the other keeps the defaults.
    const years = {
      incidents: 1,
      observations: 1,
      messages: 1,
      external_support: 1,
      inclusion: 1,
      forms: 1,
      read_log: 1,
      profile: 1,
    };
    const saved = await call(s.director.as, "PATCH", "/api/retention/settings", { categories: years, notice_days: 30 });
    expect(saved.statusCode, saved.body).toBe(200);

    // 30 days before the year is up: the notice, not yet the anonymisation.
    await tick(runAt(yearLater, -30));
    const bell = await until(
      () => data(s.director.as, "/api/notifications"),
      (page) => page.notifications.some((n: { type: string }) => n.type === "retention.notice"),
    );
    const notice = bell.notifications.find((n: { type: string }) => n.type === "retention.notice");
    expect(notice.title).toBe("Conservación de datos: registros por anonimizar");
    expect(notice.body).toContain("estudiantes: 1");
    const isNotice = (m: { subject: string }) => m.subject.startsWith("Conservación de datos");
    const mails = await until(
      async () => t.inbox.filter((m) => m.to.includes(s.director.user.email.toLowerCase()) && isNotice(m)),
      (found) => found.length > 0,
    );
    const mail = mails[0];
    expect(mail!.subject).toBe("Conservación de datos: registros por anonimizar (estudiantes: 1)");
    expect(mail!.text).toContain(`Alan Pérez Ruiz (#${s.a2.id})`);
    expect(mail!.text).toContain("Incidencias (acciones, reuniones y evidencias)");
    expect(mail!.text).not.toContain("Beto");
    expect(mail!.text).not.toContain("Ana Pérez");
    expect(mail!.text).toContain("https://");
    expect(await detailOf(s, alansIncident)).toContain("Alan");
    expect((await data(s.director.as, "/api/retention/log")).total).toBe(0);

    // The day itself, on both instances at once (and the day's tick again): one run.
    await tick(runAt(yearLater, 0));
    const log = await until(
      () => data(s.director.as, "/api/retention/log?per_page=100"),
      (page) => page.total > 0,
    );
    await tick(runAt(yearLater, 0));
    const entries = log.entries as { category: string; records: number; student_ids: number[]; ran_at: string }[];
    const categories = entries.map((e) => e.category).sort();
    expect(categories).toEqual([
      "external_support",
      "forms",
      "incidents",
      "inclusion",
      "messages",
      "observations",
      "profile",
      "read_log",
    ]);
    for (const e of entries) expect(e.student_ids).toEqual([s.a2.id]);
    expect(entries.find((e) => e.category === "incidents")!.records).toBe(1);
    expect(entries.find((e) => e.category === "observations")!.records).toBe(1);
    expect(JSON.stringify(log)).not.toContain("Alan");

    // Alan's own incident lost its text; the one he shares with Ana, who is still here, keeps it; Beto is held.
    expect(await detailOf(s, alansIncident)).toBe("");
    // Its history still reads as events (created, closed…), without the closing note's text.
    const anonymised = (await data(s.director.as, `/api/incidents/${alansIncident}`)).incident;
    expect(anonymised.timeline.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(["created", "closed"]),
    );
    expect(JSON.stringify(anonymised)).not.toContain("Se habló");
    expect(JSON.stringify(anonymised)).not.toContain("empujó");
    // The family's acknowledgement stays as a fact (who, when), without what they wrote or their device.
    const [acknowledged] = await t.db
      .select()
      .from(incidentAcknowledgements)
      .where(eq(incidentAcknowledgements.incidentId, alansIncident));
    expect(acknowledged).toMatchObject({ comment: null, device: null, userId: s.motherOfA1.user.id });
    expect(await detailOf(s, sharedIncident)).toBe("Ana y Alan discutieron en el patio.");
    expect(await detailOf(s, betosIncident)).toBe("Beto rompió un cuaderno ajeno.");
    const alan = (await data(s.director.as, `/api/students/${s.a2.id}`)).student;
    expect(alan).toMatchObject({ first_name: "Estudiante", paternal_surname: String(s.a2.id), curp: null });
    expect(alan.status).toBe("withdrawn");
    const observations = await data(s.director.as, `/api/accompaniment-observations?student_id=${s.a2.id}`);
    expect(JSON.stringify(observations)).not.toContain("entusiasmo");
    const beto = (await data(s.director.as, `/api/students/${s.b1.id}`)).student;
    expect(beto.first_name).toBe("Beto");

    // The other school keeps five years: nothing of its Alan changed, and its log is empty.
    expect(await detailOf(other, othersIncident)).toBe("Alan de la otra escuela llegó tarde.");
    expect((await data(other.director.as, "/api/retention/log")).total).toBe(0);

    // The second tick of the day and the second instance wrote nothing more, and told nothing twice.
    const again = await data(s.director.as, "/api/retention/log?per_page=100");
    expect(again.total).toBe(entries.length);
    const notices = (await data(s.director.as, "/api/notifications")).notifications.filter(
      (n: { type: string }) => n.type === "retention.notice",
    );
    expect(notices).toHaveLength(1);
    expect(t.inbox.filter((m) => isNotice(m))).toHaveLength(1);
  }, 90_000);
});
