import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageReads, messageRevisions, messages, readLog } from "../../src/db/schema/index.ts";
import { inSchool } from "../../src/lib/tenant-db.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { conversation, type MessageSchool, markRead, messageSchool, send, sent } from "../helpers/messages.ts";

/**
 * Issue 27 §1: nothing is ever deleted — a correction (its author, within 10 minutes) keeps the text it replaces,
 * shown to staff, and the app role cannot delete a message; other children named in a staff message are redacted
 * for families by the one JSON path, a family's message reaches staff as written; attachments are the sender's own
 * unsent uploads and download for the conversation's readers only; the inbox pages, filters and searches.
 */
let t: TestApp;
let s: MessageSchool;
let other: MessageSchool;
const uploads = mkdtempSync(join(tmpdir(), "convive-messages-"));
beforeAll(async () => {
  t = await createTestApp({ UPLOADS_DIR: uploads });
  s = await messageSchool(t.app, t.db);
  other = await messageSchool(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
  rmSync(uploads, { recursive: true, force: true });
});

const correct = (as: MessageSchool["teacher"]["as"], id: number, body: string) =>
  as({ method: "PATCH", url: `/api/messages/${id}`, payload: { body } });

describe("nothing is deleted", () => {
  it("keeps a corrected message's earlier text for staff; families read only that it was corrected", async () => {
    const message = await sent(s.teacher.as, s.a1.id, { body: "La junta es el martes." });
    expect(message.can_correct).toBe(true);
    const fixed = await correct(s.teacher.as, message.id, "La junta es el miércoles.");
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({
      body: "La junta es el miércoles.",
      previous_bodies: [{ body: "La junta es el martes." }],
    });
    expect(fixed.json().data.corrected_at).not.toBeNull();
    const staff = (await conversation(s.director.as, s.a1.id)).messages.find((m) => m.id === message.id)!;
    expect(staff.previous_bodies.map((p) => p.body)).toEqual(["La junta es el martes."]);
    expect(staff.can_correct).toBe(false);
    const family = (await conversation(s.motherOfA1.as, s.a1.id)).messages.find((m) => m.id === message.id)!;
    expect(family).toMatchObject({ body: "La junta es el miércoles.", previous_bodies: [] });
    expect(family.corrected_at).not.toBeNull();

    // Only its author corrects (another reader: 403; outside the thread: 404), within the window (409 after).
    expect((await correct(s.director.as, message.id, "Otra cosa")).statusCode).toBe(403);
    expect((await correct(s.fatherOfB1.as, message.id, "Otra cosa")).statusCode).toBe(404);
    expect((await correct(other.director.as, message.id, "Otra cosa")).statusCode).toBe(404);
    await t.db
      .update(messages)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(messages.id, message.id));
    const late = await correct(s.teacher.as, message.id, "La junta es el jueves.");
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: "MESSAGE_CORRECTION_CLOSED" });
    expect(late.json().message).toContain("10 minutos");
    expect((await conversation(s.teacher.as, s.a1.id)).messages.find((m) => m.id === message.id)!.can_correct).toBe(
      false,
    );
    const kept = await t.db.select().from(messageRevisions).where(eq(messageRevisions.messageId, message.id));
    expect(kept.map((r) => r.body)).toEqual(["La junta es el martes."]);
  });

  it("has no route that deletes a message, and the app role may not delete one", async () => {
    const message = await sent(s.teacher.as, s.a1.id, { body: "Recordatorio: traer el libro." });
    const res = await s.teacher.as({ method: "DELETE", url: `/api/messages/${message.id}` });
    expect(res.statusCode).toBe(404);
    const catalogue = t.app.routeCatalogue.filter((r) => r.method === "DELETE" && /message|conversation/.test(r.url));
    expect(catalogue).toEqual([]);
    await markRead(s.motherOfA1.as, s.a1.id);
    for (const table of [messages, messageRevisions, messageReads]) {
      await expect(
        inSchool(t.db, s.school.id, (tx) => tx.delete(table).where(eq(table.schoolId, s.school.id))),
      ).rejects.toThrow();
    }
    expect(await t.db.select().from(messages).where(eq(messages.id, message.id))).toHaveLength(1);
  });
});

describe("what a family reads", () => {
  it("reads another child named in a staff message as 'Otro estudiante'; staff read a family's message as written", async () => {
    const text = "Ana tuvo un desacuerdo con Beto Pérez Ruiz en el recreo.";
    const message = await sent(s.teacher.as, s.a1.id, { body: text });
    const es = (await conversation(s.motherOfA1.as, s.a1.id, "es")).messages.find((m) => m.id === message.id)!;
    expect(es.body).toBe("Ana tuvo un desacuerdo con otro estudiante en el recreo.");
    const en = (await conversation(s.fatherOfA1.as, s.a1.id, "en")).messages.find((m) => m.id === message.id)!;
    expect(en.body).toMatch(/another student/i);
    expect(en.body).not.toMatch(/Beto/);
    const inbox = await s.motherOfA1.as({ method: "GET", url: "/api/messages/inbox" });
    expect(JSON.stringify(inbox.json())).not.toMatch(/Beto/);
    expect((await conversation(s.teacher.as, s.a1.id)).messages.find((m) => m.id === message.id)!.body).toBe(text);

    const reply = await sent(s.motherOfA1.as, s.a1.id, { body: "Beto Pérez Ruiz y Ana son amigos, ya lo hablamos." });
    const staff = (await conversation(s.teacher.as, s.a1.id)).messages.find((m) => m.id === reply.id)!;
    expect(staff.body).toBe("Beto Pérez Ruiz y Ana son amigos, ya lo hablamos.");
  });
});

describe("attachments", () => {
  const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\n"), Buffer.alloc(200, 0x20)]);
  const upload = (as: MessageSchool["teacher"]["as"], name = "citatorio.pdf") =>
    as({
      method: "POST",
      url: `/api/message-attachments?name=${name}`,
      headers: { "content-type": "application/pdf" },
      payload: pdf,
    });

  it("attaches only the sender's own unsent uploads, and downloads for the conversation's readers", async () => {
    const res = await upload(s.teacher.as);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().data as { id: number; url: string; file_name: string; mime_type: string };
    expect(file).toMatchObject({ file_name: "citatorio.pdf", mime_type: "application/pdf" });
    // Before it is sent, only its uploader reads it.
    expect((await s.teacher.as({ method: "GET", url: file.url })).statusCode).toBe(200);
    expect((await s.director.as({ method: "GET", url: file.url })).statusCode).toBe(404);
    // Someone else's upload is not theirs to send.
    const stolen = await send(s.motherOfA1.as, s.a1.id, { body: "Adjunto", attachment_ids: [file.id] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toMatchObject({ code: "MESSAGE_ATTACHMENT_UNAVAILABLE" });

    const message = await sent(s.teacher.as, s.a1.id, {
      body: "Les comparto el citatorio.",
      attachment_ids: [file.id],
    });
    expect(message.attachments).toEqual([expect.objectContaining({ id: file.id, url: file.url })]);
    const again = await send(s.teacher.as, s.a1.id, { body: "Otra vez", attachment_ids: [file.id] });
    expect(again.statusCode).toBe(422);

    const mother = await s.motherOfA1.as({ method: "GET", url: file.url });
    expect(mother.statusCode).toBe(200);
    expect(mother.headers["content-disposition"]).toContain("attachment");
    expect(mother.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // A staff download is in the read log (one entry for the student); a family's own is not.
    expect((await s.director.as({ method: "GET", url: file.url })).statusCode).toBe(200);
    const logged = await t.db
      .select({ userId: readLog.userId, studentId: readLog.studentId, recordId: readLog.recordId })
      .from(readLog)
      .where(eq(readLog.kind, "message.attachment"));
    expect(logged).toEqual([{ userId: s.director.user.id, studentId: s.a1.id, recordId: String(file.id) }]);
    for (const outsider of [s.fatherOfB1, s.otherTeacher, other.director]) {
      expect((await outsider.as({ method: "GET", url: file.url })).statusCode).toBe(404);
    }
    const unsupported = await s.teacher.as({
      method: "POST",
      url: "/api/message-attachments?name=x.pdf",
      headers: { "content-type": "application/pdf" },
      payload: Buffer.from("not a pdf at all"),
    });
    expect(unsupported.statusCode).toBe(415);
  });
});

describe("the inbox", () => {
  it("pages staff conversations newest first, filters by group and searches names and text", async () => {
    await sent(s.director.as, s.b1.id, { body: "Recordatorio de la excursión al museo." });
    const page = async (query: string) => {
      const res = await s.director.as({ method: "GET", url: `/api/messages/inbox?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        conversations: { student: { id: number; group: string | null } }[];
        next_cursor: string | null;
      };
    };
    const first = await page("limit=1");
    expect(first.conversations.map((c) => c.student.id)).toEqual([s.b1.id]);
    expect(first.conversations[0]!.student.group).toBe("Primaria 1° B");
    expect(first.next_cursor).not.toBeNull();
    const second = await page(`limit=1&cursor=${first.next_cursor}`);
    expect(second.conversations.map((c) => c.student.id)).toEqual([s.a1.id]);
    expect(second.next_cursor).toBeNull();
    expect((await page(`group_id=${s.groupA.id}`)).conversations.map((c) => c.student.id)).toEqual([s.a1.id]);
    expect((await page("q=museo")).conversations.map((c) => c.student.id)).toEqual([s.b1.id]);
    expect((await page("q=Beto")).conversations.map((c) => c.student.id)).toContain(s.b1.id);
    expect((await s.director.as({ method: "GET", url: "/api/messages/inbox?cursor=nope" })).statusCode).toBe(422);
    // A teacher's inbox holds their groups' students only; another school's holds none of these.
    const teacher = await s.otherTeacher.as({ method: "GET", url: "/api/messages/inbox" });
    expect(teacher.json().data.conversations.map((c: { student: { id: number } }) => c.student.id)).toEqual([s.b1.id]);
    const elsewhere = await other.director.as({ method: "GET", url: "/api/messages/inbox" });
    expect(elsewhere.json().data.conversations).toEqual([]);
  });

  it("gives a family one item per child, even before any message, in class-list order", async () => {
    const res = await other.fatherOfB1.as({ method: "GET", url: "/api/messages/inbox" });
    expect(res.json().data).toEqual({
      conversations: [
        {
          conversation_id: null,
          student: { id: other.b1.id, name: "Beto Pérez Ruiz", group: "Primaria 1° B" },
          last_message: null,
          unread: 0,
          urgent: false,
        },
      ],
      next_cursor: null,
    });
    const mother = await s.motherOfA1.as({
      method: "GET",
      url: "/api/messages/inbox",
      headers: { "accept-language": "en" },
    });
    const [item] = mother.json().data.conversations;
    expect(item.student.id).toBe(s.a1.id);
    expect(item.last_message).toMatchObject({ family: expect.any(Boolean) });
  });
});
