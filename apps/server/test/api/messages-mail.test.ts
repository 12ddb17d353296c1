import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox, messages } from "../../src/db/schema/index.ts";
import type { Outbox } from "../../src/modules/outbox/outbox.service.ts";
import { createAppWithInbox } from "../helpers/inbox.ts";
import { type MessageSchool, markRead, messageSchool, sent } from "../helpers/messages.ts";
import { pdfText } from "../helpers/pdf-text.ts";
import { inQuietHoursForThisTest } from "../helpers/quiet-hours.ts";

/**
 * Issue 27 §1 delivery, against a real SMTP server and real sockets: a message e-mails its recipients who have no
 * screen open (a family's e-mail through the family reader, in their language), holds a non-urgent family e-mail
 * written at 22:00 school time until the quiet hours end while an urgent one goes at once, and reaches an open
 * screen as `messages:new` and `messages:unread` instead of an e-mail. The PDF export says who, when and who read.
 */
type App = Awaited<ReturnType<typeof createAppWithInbox>>;
let t: App;
let s: MessageSchool;
let url: string;
const sockets: Socket[] = [];
const uploads = mkdtempSync(join(tmpdir(), "convive-messages-mail-"));
const WAIT = { timeout: 30_000, interval: 50 };

beforeAll(async () => {
  t = await createAppWithInbox({ UPLOADS_DIR: uploads });
  s = await messageSchool(t.app, t.db);
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t?.close();
  rmSync(uploads, { recursive: true, force: true });
});

const rowsTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));

describe("e-mail to recipients not online", () => {
  it("holds a non-urgent family e-mail sent at 22:00 until quiet hours end; an urgent one goes at once", async () => {
    await inQuietHoursForThisTest(t.db, s.school.id);
    const mother = s.motherOfA1.user.email;
    const evening = await sent(s.teacher.as, s.a1.id, { body: "Mañana la salida es a las 13:00." });
    const [held] = await rowsTo(mother);
    expect(held).toBeDefined();
    expect(held!.sendAfter).not.toBeNull();
    // 07:00 on the school's clock: a whole number of hours after 22:xx, within the next 9 hours.
    const hours = (held!.sendAfter!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.99);
    expect(hours).toBeLessThanOrEqual(9);
    const jobs = await t.db.execute(sql`select 1 from pgboss.job where data->>'id' = ${held!.id}`);
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(0);

    const urgent = await sent(s.teacher.as, s.a1.id, { body: "Ana tiene fiebre, ¿pueden recogerla?", urgent: true });
    expect(urgent.urgent).toBe(true);
    // The mother reads English: the urgent one arrives now, in her language, with the text and the link.
    const [first] = await t.mailsTo(mother, 1, 30_000);
    expect(first!.subject).toBe("Urgent: New message about Ana Pérez Ruiz");
    expect(first!.text).toContain("Ana tiene fiebre, ¿pueden recogerla?");
    expect(first!.text).toContain(`/notifications?tab=messages&thread=${s.a1.id}`);
    expect(first!.text).toMatch(/wrote about Ana Pérez Ruiz on/);
    // The father (Spanish) too, and none of the held one has gone.
    const [father] = await t.mailsTo(s.fatherOfA1.user.email, 1, 30_000);
    expect(father!.subject).toBe("Urgente: Nuevo mensaje sobre Ana Pérez Ruiz");
    expect(t.inbox.filter((m) => m.text.includes("la salida es a las 13:00"))).toHaveLength(0);

    // The quiet hours end: the release gives the held e-mails their job, and they arrive.
    await t.db
      .update(emailOutbox)
      .set({ sendAfter: sql`now() - interval '1 second'` })
      .where(sql`${emailOutbox.sendAfter} is not null and ${emailOutbox.schoolId} = ${s.school.id}`);
    // The release sweep also runs each minute on the job runner and may take them first: the test calls it only so
    // as not to wait for the minute, and asserts what the family receives, not which sweep released them.
    await (t.app.ctx.mailer as Outbox).release();
    const mails = await t.mailsTo(mother, 2, 30_000);
    expect(mails.map((m) => m.subject)).toContain("New message about Ana Pérez Ruiz");
    expect(mails.find((m) => m.subject === "New message about Ana Pérez Ruiz")!.text).toContain(
      "Mañana la salida es a las 13:00.",
    );
    expect(evening.id).toBeLessThan(urgent.id);
  });

  it("passes a family's e-mail through the family reader; staff get a family's message as written", async () => {
    await sent(s.teacher.as, s.a1.id, { body: "Hubo un roce con Beto Pérez Ruiz en la fila." });
    await vi.waitFor(async () => {
      const mails = t.inbox.filter((m) => m.to.includes(s.fatherOfA1.user.email) && m.text.includes("roce"));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("otro estudiante");
      expect(mails[0]!.text).not.toContain("Beto");
    }, WAIT);
    await sent(s.motherOfA1.as, s.a1.id, { body: "Beto Pérez Ruiz es su mejor amigo, no se preocupe." });
    await vi.waitFor(() => {
      const mail = t.inbox.find((m) => m.to.includes(s.teacher.user.email) && m.text.includes("mejor amigo"));
      expect(mail?.subject).toBe("Mensaje de la familia de Ana Pérez Ruiz");
      expect(mail?.text).toContain("Beto Pérez Ruiz es su mejor amigo");
    }, WAIT);
  });
});

function connect(token: string, schoolId: string): Promise<Socket> {
  const socket = io(url, {
    path: "/socket.io",
    auth: { token, schoolId },
    transports: ["websocket"],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

describe("a recipient with a screen open", () => {
  it("gets messages:new and the new badge at once instead of an e-mail", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/login",
      payload: { email: s.fatherOfA1.user.email, password: "Prueba.2026!" },
      remoteAddress: "10.9.9.9",
    });
    const socket = await connect(login.json().data.access_token, s.school.id);
    const seen: { event: string; payload: Record<string, unknown> }[] = [];
    socket.onAny((event: string, payload: Record<string, unknown>) => seen.push({ event, payload }));
    const before = (await rowsTo(s.fatherOfA1.user.email)).length;
    const message = await sent(s.teacher.as, s.a1.id, { body: "¿Pueden firmar la circular?" });
    await vi.waitFor(() => {
      expect(seen.find((e) => e.event === "messages:new")?.payload).toEqual({
        student_id: s.a1.id,
        conversation_id: message.conversation_id,
        message_id: message.id,
      });
      expect(seen.find((e) => e.event === "messages:unread")?.payload).toMatchObject({ conversations: 1 });
    }, WAIT);
    // Online: no e-mail for him; the mother, offline, gets hers.
    expect(await rowsTo(s.fatherOfA1.user.email)).toHaveLength(before);
    await vi.waitFor(() => {
      expect(t.inbox.some((m) => m.to.includes(s.motherOfA1.user.email) && m.text.includes("firmar la circular"))).toBe(
        true,
      );
    }, WAIT);
    await markRead(s.fatherOfA1.as, s.a1.id);
    await vi.waitFor(() => {
      expect(seen.filter((e) => e.event === "messages:unread").at(-1)?.payload).toMatchObject({ conversations: 0 });
    }, WAIT);
  });
});

describe("the PDF export", () => {
  it("says who wrote, when, what was corrected and who read each message; a family's copy is redacted", async () => {
    const message = await sent(s.teacher.as, s.a1.id, { body: "Beto Pérez Ruiz ayudó a Ana con la tarea." });
    await s.teacher.as({
      method: "PATCH",
      url: `/api/messages/${message.id}`,
      payload: { body: "Beto Pérez Ruiz ayudó a Ana con la tarea de ciencias." },
    });
    await markRead(s.motherOfA1.as, s.a1.id);
    const staff = await s.director.as({ method: "GET", url: `/api/students/${s.a1.id}/conversation/pdf` });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers["content-type"]).toContain("application/pdf");
    const text = pdfText(staff.rawPayload);
    expect(text).toContain("Conversación con la familia · Ana Pérez Ruiz");
    expect(text).toContain("Tere Prueba López (Docente)");
    expect(text).toContain("Beto Pérez Ruiz ayudó a Ana con la tarea de ciencias.");
    expect(text).toContain("Texto anterior");
    expect(text).toContain("Corregido el");
    expect(text).toMatch(/Leído por: .*Prueba López \(/);
    const [row] = await t.db.select({ at: messages.createdAt }).from(messages).where(eq(messages.id, message.id));
    expect(row).toBeDefined();

    const family = await s.motherOfA1.as({
      method: "GET",
      url: `/api/students/${s.a1.id}/conversation/pdf`,
      headers: { "accept-language": "en" },
    });
    expect(family.statusCode).toBe(200);
    const theirs = pdfText(family.rawPayload);
    expect(theirs).toContain("Conversation with the family · Ana Pérez Ruiz");
    expect(theirs).not.toContain("Beto");
    expect(theirs).toMatch(/another student/i);
    expect(theirs).not.toContain("Earlier text");
    expect(theirs).toContain("Corrected on");
  });
});
