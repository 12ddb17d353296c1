import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox, schools } from "../../src/db/schema/index.ts";
import type { Outbox } from "../../src/modules/outbox/outbox.service.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login, memberOf, uniq } from "../helpers/factories.ts";
import { type Inbox, startInbox } from "../helpers/inbox.ts";

// The e-mail outbox (issue 25 §2) against a real SMTP server that the test starts, stops and refuses with: the
// request is answered whatever SMTP does; every acknowledged e-mail arrives once; a message refused for good is
// on the unsent list (the school's Director's, or root's for platform mail) until its retry sends it; a school's
// quiet hours hold a family e-mail and its end releases it. No sleeps: the test waits for the e-mails or rows.

/** A port nothing listens on yet: the mail server is down until the test starts one there. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;
const WAIT = { timeout: 30_000, interval: 50 };

let t: TestApp;
let port: number;
let inbox: Inbox | null = null;
const refused = new Set<string>();

beforeAll(async () => {
  port = await freePort();
  // First retry after 1 s (doubling): the tries while the server is down come quickly.
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL: "https://convive.example",
    OUTBOX_RETRY_SECONDS: 1,
  });
});
afterAll(async () => {
  await t.close();
  await inbox?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const rowsTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
const forgot = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/user/forgot-password", payload: { email }, remoteAddress: freshIp() });

describe("the mail server is down, then up", () => {
  it("answers the requests at once, and every acknowledged e-mail arrives exactly once when the server is back", async () => {
    const people = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
    for (const person of people) {
      const res = await forgot(person.email);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Each e-mail is in the outbox and has failed at least one delivery (nothing listens).
    await vi.waitFor(async () => {
      for (const person of people) {
        const [row] = await rowsTo(person.email);
        expect(row?.attempts).toBeGreaterThanOrEqual(1);
        expect(row?.status).toBe("pending");
      }
    }, WAIT);

    inbox = await startInbox({ port, refuse: (address) => refused.has(address) });
    for (const person of people) await inbox.waitFor(person.email, 1, 30_000);
    await vi.waitFor(async () => {
      for (const person of people) expect((await rowsTo(person.email))[0]?.status).toBe("sent");
    }, WAIT);
    for (const person of people) {
      expect(inbox.to(person.email)).toHaveLength(1);
      expect(inbox.to(person.email)[0]!.subject).toBe("Restablece tu contraseña de Convive");
    }
  });
});

describe("the unsent list", () => {
  it("shows a school's e-mail refused for good to its Director, whose retry sends it; other schools do not see it", async () => {
    inbox ??= await startInbox({ port, refuse: (address) => refused.has(address) });
    const director = await memberOf(t.app, t.db, "director");
    const other = await memberOf(t.app, t.db, "director");
    const invited = `${uniq("refused")}@test.convive`;
    refused.add(invited);
    const invite = await director.as({
      method: "POST",
      url: "/api/school-users",
      payload: {
        email: invited,
        first_name: "Nora",
        paternal_surname: "Vega",
        profile_id: director.school.profileIds.docente,
      },
    });
    expect(invite.statusCode, invite.body).toBe(201);

    const listed = await vi.waitFor(async () => {
      const res = await director.as({ method: "GET", url: "/api/unsent-emails" });
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json().data.find((m: { recipient: string }) => m.recipient === invited);
      expect(found).toBeDefined();
      return found as { id: string; subject: string; attempts: number; last_error: string };
    }, WAIT);
    expect(listed.subject).toContain("te invita a Convive");
    expect(listed.last_error).toContain("550");
    // Refused for good (550): one try, not eight.
    expect(listed.attempts).toBe(1);
    expect(inbox.to(invited)).toHaveLength(0);

    const elsewhere = await other.as({ method: "GET", url: "/api/unsent-emails" });
    expect(elsewhere.json().data.map((m: { recipient: string }) => m.recipient)).not.toContain(invited);
    const notTheirs = await other.as({ method: "POST", url: `/api/unsent-emails/${listed.id}/retry` });
    expect(notTheirs.statusCode).toBe(404);

    // The address is fixed on the mail server's side; the Director retries.
    refused.delete(invited);
    const retry = await director.as({ method: "POST", url: `/api/unsent-emails/${listed.id}/retry` });
    expect(retry.statusCode, retry.body).toBe(200);
    const mail = await inbox.waitFor(invited, 1, 30_000);
    expect(mail.subject).toContain("te invita a Convive");
    const after = await director.as({ method: "GET", url: "/api/unsent-emails" });
    expect(after.json().data.map((m: { recipient: string }) => m.recipient)).not.toContain(invited);
  });

  it("shows platform mail (a password reset) to root, not to a Director", async () => {
    inbox ??= await startInbox({ port, refuse: (address) => refused.has(address) });
    const person = await createUser(t.db);
    refused.add(person.email);
    expect((await forgot(person.email)).statusCode).toBe(200);
    const asRoot = client(t.app, await login(t.app, (await createUser(t.db, { root: 1 })).email));
    const listed = await vi.waitFor(async () => {
      const res = await asRoot({ method: "GET", url: "/api/admin/unsent-emails" });
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json().data.find((m: { recipient: string }) => m.recipient === person.email);
      expect(found).toBeDefined();
      return found as { id: string };
    }, WAIT);
    const director = await memberOf(t.app, t.db, "director");
    const theirs = await director.as({ method: "GET", url: "/api/unsent-emails" });
    expect(theirs.json().data.map((m: { recipient: string }) => m.recipient)).not.toContain(person.email);
    expect((await director.as({ method: "GET", url: "/api/admin/unsent-emails" })).statusCode).toBe(403);
    const docente = await memberOf(t.app, t.db, "docente");
    expect((await docente.as({ method: "GET", url: "/api/unsent-emails" })).statusCode).toBe(403);

    refused.delete(person.email);
    expect((await asRoot({ method: "POST", url: `/api/admin/unsent-emails/${listed.id}/retry` })).statusCode).toBe(200);
    const mail = await inbox.waitFor(person.email, 1, 30_000);
    expect(mail.subject).toBe("Restablece tu contraseña de Convive");
  });
});

describe("quiet hours", () => {
  // 22:00 on 9 March 2027 in Mexico City (UTC−6), inside 21:00–07:00; the window ends at 07:00 local, 13:00 UTC.
  const at22 = new Date("2027-03-10T04:00:00Z");
  const at0659 = new Date("2027-03-10T12:59:00Z");
  const at0700 = new Date("2027-03-10T13:00:00Z");

  it("holds a family e-mail until the window ends, while an urgent one goes at once", async () => {
    inbox ??= await startInbox({ port, refuse: (address) => refused.has(address) });
    const director = await memberOf(t.app, t.db, "director");
    const schoolId = director.school.id;
    await t.db
      .update(schools)
      .set({ timeZone: "America/Mexico_City", quietHoursStart: "21:00", quietHoursEnd: "07:00" })
      .where(eq(schools.id, schoolId));
    const outbox = t.app.ctx.mailer as Outbox;
    const parent = `${uniq("parent")}@test.convive`;
    const urgent = `${uniq("urgent")}@test.convive`;

    // The app's clock reads 22:00 in the school; only Date is driven, timers and the database run as usual.
    // In the real clock's future: the runner's own once-a-minute release (real clock) must find it not yet due.
    vi.useFakeTimers({ toFake: ["Date"], now: at22 });
    await outbox.send({ to: parent, subject: "Nueva incidencia", text: "…", schoolId, toFamily: true });
    vi.useRealTimers();
    await outbox.send({ to: urgent, subject: "Invitación", text: "…", schoolId, toFamily: true, urgent: true });
    const [held] = await rowsTo(parent);
    expect(held!.sendAfter?.toISOString()).toBe(at0700.toISOString());
    // The urgent one arrives; the held one has no delivery job at all.
    await inbox.waitFor(urgent, 1, 30_000);
    const jobs = await t.db.execute(sql`select 1 from pgboss.job where data->>'id' = ${held!.id}`);
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(0);

    // A minute before the end the release leaves it held; at the end it goes.
    vi.useFakeTimers({ toFake: ["Date"], now: at0659 });
    await outbox.release();
    vi.useRealTimers();
    expect((await rowsTo(parent))[0]!.sendAfter).not.toBeNull();
    // At 07:00 it is due: the release (on the real clock here — the runner's jobs must not be sent under a faked
    // clock) finds the row whose hold ended and gives it its one delivery job.
    await t.db.execute(sql`update email_outbox set send_after = now() - interval '1 second' where id = ${held!.id}`);
    // The runner's own once-a-minute sweep may take it first: what counts is that it arrives, once.
    await outbox.release();
    const mail = await inbox.waitFor(parent, 1, 30_000);
    expect(mail.subject).toBe("Nueva incidencia");
    expect(inbox.to(parent)).toHaveLength(1);
  });
});
