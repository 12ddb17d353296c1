import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type Inbox, type Received, startInbox } from "../helpers/inbox.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

const pushed: { schoolId: string; userId: number; count: number }[] = [];
let smtp: Inbox;
let t: TestApp;
let s: IncidentSchool;

beforeAll(async () => {
  smtp = await startInbox();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: "https://convive.example/",
    APP_DOMAIN: "convive.example",
  });
  t.app.ctx.events.on("notifications.created", (e) =>
    pushed.push(...e.delivered.map((d) => ({ schoolId: e.schoolId, userId: d.userId, count: d.count }))),
  );
  s = await incidentSchool(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** E-mails go out after the answer: every one to the address once there are `count` (bounded wait). */
async function mailsTo(email: string, count = 1): Promise<Received[]> {
  await smtp.waitFor(email, count);
  return smtp.to(email);
}

type Member = IncidentSchool["teacher"];
const rowsOf = (m: Member) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.schoolId, s.school.id), eq(notifications.userId, m.user.id)));
const unread = async (m: Member) =>
  (await m.as({ method: "GET", url: "/api/notifications" })).json().data.unread_count as number;
const feed = async (m: Member) =>
  (await m.as({ method: "GET", url: "/api/notifications" })).json().data.notifications as {
    type: string;
    title: string;
    body: string;
    link: string;
  }[];
const register = async (as: Member["as"], over: Record<string, unknown> = {}) => {
  const res = await as({ method: "POST", url: "/api/incidents", payload: registration(s, over) });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.incident.id as number;
};

describe("registration notifications", () => {
  it("tells head teachers, notify-profile holders and each family of their own child, never the recorder", async () => {
    const people = [s.teacher, s.otherTeacher, s.coordinador, s.director, s.motherOfA1, s.fatherOfB1];
    const before = await Promise.all(people.map(unread));
    pushed.length = 0;
    const id = await register(s.teacher.as, {
      students: [
        { student_id: s.a1.id, role: "involved" },
        { student_id: s.b1.id, role: "affected" },
      ],
    });
    // Pushed over the socket as soon as the registration committed: the bell rises at once.
    const pushedTo = new Set(pushed.filter((p) => p.schoolId === s.school.id).map((p) => p.userId));
    expect(pushedTo).toEqual(
      new Set([s.otherTeacher, s.coordinador, s.director, s.motherOfA1, s.fatherOfB1].map((m) => m.user.id)),
    );
    const after = await Promise.all(people.map(unread));
    expect(after.map((n, i) => n - before[i]!)).toEqual([0, 1, 1, 1, 1, 1]);

    const link = `/incident-details?id=${id}`;
    // Otto heads group B (Beto's): Spanish, both students named.
    expect((await feed(s.otherTeacher))[0]).toMatchObject({
      type: "incident.created",
      title: "Nueva incidencia: Ana Pérez Ruiz y Beto Pérez Ruiz",
      body: expect.stringMatching(/^Tere Prueba López registró «Agresión verbal» el .+\.$/),
      link,
    });
    // The mother of Ana reads English and sees only her daughter.
    const mother = (await feed(s.motherOfA1))[0]!;
    expect(mother).toMatchObject({ type: "incident.created.family", title: "Incident recorded: Ana Pérez Ruiz", link });
    expect(mother.body).toMatch(/^Tere Prueba López recorded “Verbal aggression” on .+\. You can see the details/);
    expect(JSON.stringify(await feed(s.motherOfA1))).not.toContain("Beto");
    const father = (await feed(s.fatherOfB1))[0]!;
    expect(father.title).toBe("Incidencia registrada: Beto Pérez Ruiz");
    expect(JSON.stringify(await feed(s.fatherOfB1))).not.toContain("Ana");
    // One each, whatever the reasons (the Director holds notify-profile too).
    expect((await rowsOf(s.director)).filter((n) => n.link === link)).toHaveLength(1);
    expect((await rowsOf(s.teacher)).filter((n) => n.link === link)).toHaveLength(0);

    // And by e-mail, in each reader's language, with an absolute link.
    const [toMother] = await mailsTo(s.motherOfA1.user.email);
    expect(toMother!.subject).toBe("Incident recorded: Ana Pérez Ruiz");
    expect(toMother!.text).toContain("“Verbal aggression”");
    expect(toMother!.text).toContain(`https://${s.school.id}.convive.example/incident-details?id=${id}`);
    expect(toMother!.text).not.toContain("Beto");
    const [toOtto] = await mailsTo(s.otherTeacher.user.email);
    expect(toOtto!.subject).toBe("Nueva incidencia: Ana Pérez Ruiz y Beto Pérez Ruiz");
    await mailsTo(s.coordinador.user.email);
    await mailsTo(s.fatherOfB1.user.email);
    expect(smtp.to(s.teacher.user.email)).toEqual([]);
  });

  it("leaves families out when the incident is not visible to them", async () => {
    const before = await Promise.all([s.motherOfA1, s.coordinador].map(unread));
    await register(s.teacher.as, { visible_to_family: false });
    const after = await Promise.all([s.motherOfA1, s.coordinador].map(unread));
    expect([after[0]! - before[0]!, after[1]! - before[1]!]).toEqual([0, 1]);
  });

  it("tells the families when a correction shows the incident to them, and only then", async () => {
    const id = await register(s.teacher.as, { visible_to_family: false });
    const people = [s.motherOfA1, s.coordinador, s.teacher, s.director];
    const before = await Promise.all(people.map(unread));
    const patch = (payload: Record<string, unknown>) =>
      s.director.as({ method: "PATCH", url: `/api/incidents/${id}`, payload });
    expect((await patch({ visible_to_family: true })).statusCode).toBe(200);
    const after = await Promise.all(people.map(unread));
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 0, 0, 0]);
    const told = (await feed(s.motherOfA1))[0]!;
    expect(told).toMatchObject({ type: "incident.created.family", link: `/incident-details?id=${id}` });
    expect(told.title).toBe("Incident recorded: Ana Pérez Ruiz");
    // A later correction that leaves it visible tells nobody again.
    expect((await patch({ place: "Biblioteca" })).statusCode).toBe(200);
    expect(await unread(s.motherOfA1)).toBe(after[0]);
  });
});

describe("status notifications", () => {
  it("tells the recorder when someone else closes or cancels their incident", async () => {
    const closed = await register(s.teacher.as);
    const res = await s.director.as({
      method: "POST",
      url: `/api/incidents/${closed}/close`,
      payload: { closing_note: "Se acordó una carta compromiso." },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await feed(s.teacher))[0]).toMatchObject({
      type: "incident.closed",
      title: "Incidencia cerrada: Ana Pérez Ruiz",
      body: "«Agresión verbal» fue cerrada por Ana Prueba López.",
      link: `/incident-details?id=${closed}`,
    });
    const mails = await mailsTo(s.teacher.user.email);
    expect(mails[0]!.subject).toBe("Incidencia cerrada: Ana Pérez Ruiz");
    expect(mails[0]!.text).toContain(`https://${s.school.id}.convive.example/incident-details?id=${closed}`);

    const cancelled = await register(s.teacher.as);
    await s.coordinador.as({
      method: "POST",
      url: `/api/incidents/${cancelled}/cancel`,
      payload: { reason: "Duplicada." },
    });
    expect((await feed(s.teacher))[0]).toMatchObject({
      type: "incident.cancelled",
      link: `/incident-details?id=${cancelled}`,
    });
    await mailsTo(s.teacher.user.email, 2);
  });

  it("does not tell recorders about their own closing", async () => {
    const id = await register(s.coordinador.as);
    const before = (await rowsOf(s.coordinador)).length;
    await s.coordinador.as({ method: "POST", url: `/api/incidents/${id}/close`, payload: { closing_note: "Listo." } });
    expect((await rowsOf(s.coordinador)).length).toBe(before);
  });
});

describe("a slow or broken mail server", () => {
  it("never holds up or fails a registration", async () => {
    // Every e-mail either never completes or is refused.
    let calls = 0;
    const hung: (() => void)[] = [];
    const mailer = {
      send: () =>
        ++calls % 2 === 0
          ? new Promise<void>((resolve) => hung.push(() => resolve()))
          : Promise.reject(new Error("421 busy")),
      close: () => undefined,
    };
    // The e-mails go through the outbox's jobs; closing gives a hung delivery 1 s, not the production grace.
    const other = await createTestApp({ SHUTDOWN_GRACE_SECONDS: 1 }, { mailer });
    try {
      const school = await incidentSchool(other.app, other.db);
      const res = await school.teacher.as({ method: "POST", url: "/api/incidents", payload: registration(school) });
      expect(res.statusCode, res.body).toBe(201);
      // The in-app notices are there (the coordinador and the Director hold notify-profile).
      const rows = await other.db.select().from(notifications).where(eq(notifications.schoolId, school.school.id));
      expect(rows.filter((r) => r.type === "incident.created").length).toBeGreaterThanOrEqual(2);
      await expect.poll(() => calls, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      // The server finally drops the hung connection (nodemailer's own timeouts do in production).
      for (const release of hung) release();
      await other.close();
    }
  });
});
