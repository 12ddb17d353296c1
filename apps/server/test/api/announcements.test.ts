import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox, groups, notifications, schoolYears } from "../../src/db/schema/index.ts";
import type { Outbox } from "../../src/modules/outbox/outbox.service.ts";
import { createAppWithInbox } from "../helpers/inbox.ts";
import { type MessageSchool, messageSchool } from "../helpers/messages.ts";
import { inQuietHoursForThisTest } from "../helpers/quiet-hours.ts";

/**
 * Issue 27 §2: announcements to the families of a group, a grade, a section or the whole school. Staff holding
 * announcements.create send them (school-wide staff to any audience, a teacher to her groups only); the families of
 * the audience — and nobody else — read and confirm them; the sender follows read and confirmed counts per group
 * and reminds whoever is pending; each family is e-mailed; what a family reads passes the redaction path.
 */
let t: Awaited<ReturnType<typeof createAppWithInbox>>;
let s: MessageSchool;
let other: MessageSchool;
const uploads = mkdtempSync(join(tmpdir(), "convive-announcements-"));
beforeAll(async () => {
  t = await createAppWithInbox({ UPLOADS_DIR: uploads });
  s = await messageSchool(t.app, t.db);
  other = await messageSchool(t.app, t.db);
});
const WAIT = { timeout: 30_000, interval: 50 };
afterAll(async () => {
  await t?.close();
  rmSync(uploads, { recursive: true, force: true });
});

type As = MessageSchool["director"]["as"];
interface Detail {
  id: number;
  title: string;
  body: string;
  audience_label: string;
  needs_confirmation: boolean;
  totals: { recipients: number; read: number; confirmed: number } | null;
  mine: { read_at: string | null; confirmed_at: string | null } | null;
  groups: { group_id: number; group: string; recipients: number; read: number; confirmed: number }[];
  pending: { user_id: number; name: string; students: string[]; read: boolean }[];
}

const post = (as: As, url: string, payload?: object, lang = "es") =>
  as({ method: "POST", url, payload, headers: { "accept-language": lang } });
const get = (as: As, url: string, lang = "es") => as({ method: "GET", url, headers: { "accept-language": lang } });

async function announce(as: As, payload: object): Promise<Detail> {
  const res = await post(as, "/api/announcements", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function detail(as: As, id: number, lang = "es"): Promise<Detail> {
  const res = await get(as, `/api/announcements/${id}`, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const listed = async (as: As) => {
  const res = await get(as, "/api/announcements");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.announcements as Detail[]).map((a) => a.id);
};

describe("who sends to whom", () => {
  it("needs announcements.create: a nurse and a family are refused", async () => {
    for (const who of [s.nurse, s.motherOfA1]) {
      expect((await get(who.as, "/api/announcements/audiences")).statusCode).toBe(403);
      const res = await post(who.as, "/api/announcements", { audience: { kind: "school" }, title: "T", body: "B" });
      expect(res.statusCode).toBe(403);
    }
  });

  it("offers a teacher her groups only, and refuses anything else she names", async () => {
    const res = await get(s.teacher.as, "/api/announcements/audiences");
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json().data.options as {
      audience: { kind: string; id?: number };
      label: string;
      families: number;
    }[];
    expect(options).toEqual([{ audience: { kind: "group", id: s.groupA.id }, label: "1° A Primaria", families: 2 }]);
    for (const audience of [
      { kind: "group", id: s.groupB.id },
      { kind: "school" },
      { kind: "grade", id: s.grade.id },
    ]) {
      const refused = await post(s.teacher.as, "/api/announcements", { audience, title: "Junta", body: "Mañana" });
      expect(refused.statusCode, JSON.stringify(audience)).toBe(403);
    }
    // Another school's group is no audience of this school's Director either.
    const foreign = await post(s.director.as, "/api/announcements", {
      audience: { kind: "group", id: other.groupA.id },
      title: "T",
      body: "B",
    });
    expect(foreign.statusCode).toBe(403);
  });

  it("refuses an audience with no family on record, in the caller's language", async () => {
    const [empty] = await t.db
      .insert(groups)
      .values({ schoolId: s.school.id, gradeId: s.grade.id, schoolYearId: s.year.id, name: "Z" })
      .returning();
    const res = await post(
      s.director.as,
      "/api/announcements",
      { audience: { kind: "group", id: empty!.id }, title: "T", body: "B" },
      "en",
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "ANNOUNCEMENT_NO_FAMILIES",
      message: "No family member on record would receive this announcement: choose another audience.",
    });
  });
});

describe("an announcement to the whole school, with confirmation", () => {
  let sent: Detail;
  beforeAll(async () => {
    sent = await announce(s.director.as, {
      audience: { kind: "school" },
      title: "Festival de primavera",
      body: "Beto Pérez Ruiz abrirá el festival el viernes. Confirmen asistencia.",
      needs_confirmation: true,
    });
  });

  it("reaches every family of the school's groups, counted per group", async () => {
    expect(sent.audience_label).toBe("Toda la escuela");
    expect(sent.totals).toEqual({ recipients: 3, read: 0, confirmed: 0 });
    expect(sent.groups.map((g) => [g.group, g.recipients])).toEqual([
      ["1° A Primaria", 2],
      ["1° B Primaria", 1],
    ]);
    expect(sent.pending).toHaveLength(3);
    // Another school sees nothing of it.
    expect(await listed(other.director.as)).not.toContain(sent.id);
    expect((await get(other.director.as, `/api/announcements/${sent.id}`)).statusCode).toBe(404);
    expect((await post(other.motherOfA1.as, `/api/announcements/${sent.id}/read`)).statusCode).toBe(404);
  });

  it("reads to a family with their own state, another child's name hidden", async () => {
    const mine = await detail(s.motherOfA1.as, sent.id, "en");
    expect(mine.body).toBe("Another student abrirá el festival el viernes. Confirmen asistencia.");
    expect(mine.totals).toBeNull();
    expect(mine.mine).toEqual({ read_at: null, confirmed_at: null });
    expect(mine.groups).toEqual([]);
    expect(mine.pending).toEqual([]);
    // In Spanish too, and in the list a family reads (newest first, with its own state).
    expect((await detail(s.fatherOfA1.as, sent.id, "es")).body).toBe(
      "Otro estudiante abrirá el festival el viernes. Confirmen asistencia.",
    );
    const page = (await get(s.fatherOfA1.as, "/api/announcements")).json().data.announcements as Detail[];
    expect(page[0]).toMatchObject({ id: sent.id, mine: { read_at: null, confirmed_at: null }, totals: null });
    expect(JSON.stringify(page)).not.toContain("Beto");
    // Beto's own father reads his son's name.
    expect((await detail(s.fatherOfB1.as, sent.id)).body).toContain("Beto Pérez Ruiz");
    // A teacher follows what reached her group.
    expect(await listed(s.teacher.as)).toContain(sent.id);
  });

  it("counts reads and confirmations, and the badge follows", async () => {
    const badge = async () => (await get(s.fatherOfB1.as, "/api/messages/unread")).json().data.announcements;
    expect(await badge()).toBeGreaterThanOrEqual(1);
    const before = await badge();
    expect((await post(s.fatherOfB1.as, `/api/announcements/${sent.id}/read`)).statusCode).toBe(200);
    expect(await badge()).toBe(before - 1);
    const confirmed = await post(s.fatherOfB1.as, `/api/announcements/${sent.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.mine.confirmed_at).not.toBeNull();
    const now = await detail(s.director.as, sent.id);
    expect(now.totals).toEqual({ recipients: 3, read: 1, confirmed: 1 });
    expect(now.groups.find((g) => g.group === "1° B Primaria")).toMatchObject({ read: 1, confirmed: 1 });
    expect(now.pending.map((p) => p.user_id).sort()).toEqual([s.motherOfA1.user.id, s.fatherOfA1.user.id].sort());
    expect(now.pending.every((p) => p.students.includes("Ana Pérez Ruiz"))).toBe(true);
  });

  it("reminds the pending families once in 12 hours", async () => {
    const first = await post(s.director.as, `/api/announcements/${sent.id}/remind`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ reminded: 2 });
    expect((await post(s.director.as, `/api/announcements/${sent.id}/remind`)).json().data).toEqual({ reminded: 0 });
    // A teacher follows it (it reached her group) but did not send it: she may not remind the whole school.
    expect((await post(s.teacher.as, `/api/announcements/${sent.id}/remind`)).statusCode).toBe(403);
    // The reminder reached the two pending parents only, in-app and by e-mail.
    const reminded = await t.db
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.schoolId, s.school.id), eq(notifications.type, "announcement.reminder")));
    expect(reminded.map((n) => n.userId).sort()).toEqual([s.motherOfA1.user.id, s.fatherOfA1.user.id].sort());
    expect(reminded[0]!.link).toBe(`/notifications?tab=messages&announcement=${sent.id}`);
    await vi.waitFor(() => {
      const toFather = t.inbox.filter((m) => m.to.includes(s.fatherOfA1.user.email));
      expect(toFather.map((m) => m.subject)).toContain("Recordatorio: Festival de primavera");
    }, WAIT);
    expect(
      t.inbox.filter((m) => m.to.includes(s.fatherOfB1.user.email) && /Recordatorio|Reminder/.test(m.subject)),
    ).toHaveLength(0);
  });

  it("e-mails each family, in their language, the other child's name hidden", async () => {
    const [toFather] = await t.mailsTo(s.fatherOfB1.user.email, 1, 15_000);
    expect(toFather!.subject).toBe("Nuevo aviso: Festival de primavera");
    expect(toFather!.text).toContain("Beto Pérez Ruiz abrirá el festival");
    const toMother = (await t.mailsTo(s.motherOfA1.user.email, 1, 15_000)).find((m) =>
      m.subject.startsWith("New announcement"),
    );
    expect(toMother!.subject).toBe("New announcement: Festival de primavera");
    expect(toMother!.text).toContain("Another student abrirá el festival");
    expect(toMother!.text).not.toContain("Beto");
  });
});

describe("a teacher's announcement to her group", () => {
  it("reaches her group's families only; a confirmation it did not ask for is refused", async () => {
    const sent = await announce(s.teacher.as, {
      audience: { kind: "group", id: s.groupA.id },
      title: "Tarea",
      body: "Traer cartulina.",
    });
    expect(sent.totals).toEqual({ recipients: 2, read: 0, confirmed: 0 });
    expect(await listed(s.motherOfA1.as)).toContain(sent.id);
    expect(await listed(s.fatherOfB1.as)).not.toContain(sent.id);
    expect((await get(s.fatherOfB1.as, `/api/announcements/${sent.id}`)).statusCode).toBe(404);
    expect((await post(s.motherOfA1.as, `/api/announcements/${sent.id}/confirm`)).statusCode).toBe(409);
    // The other group's teacher does not follow it; the Director does.
    expect(await listed(s.otherTeacher.as)).not.toContain(sent.id);
    expect(await listed(s.director.as)).toContain(sent.id);
    // A staff member without announcements.read (the nurse) reads no list.
    expect((await get(s.nurse.as, "/api/announcements")).statusCode).toBe(403);
  });
});

describe("e-mail in quiet hours", () => {
  it("holds the families' e-mails of an announcement sent at 22:00 until the quiet hours end", async () => {
    await inQuietHoursForThisTest(t.db, other.school.id);
    const father = other.fatherOfB1.user.email;
    await announce(other.director.as, {
      audience: { kind: "group", id: other.groupB.id },
      title: "Kermés",
      body: "El sábado.",
    });
    // The mail job writes the outbox after the answer: wait for the row, held until 07:00 school time.
    const held = await vi.waitFor(async () => {
      const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, father));
      expect(row?.sendAfter).toBeTruthy();
      return row!;
    }, WAIT);
    const hours = (held.sendAfter!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.99);
    expect(hours).toBeLessThanOrEqual(9);
    // Held means no delivery job at all (not "nothing arrived yet"): nothing to wait for.
    const jobs = await t.db.execute(sql`select 1 from pgboss.job where data->>'id' = ${held.id}`);
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(0);

    // The quiet hours end: the release sends it.
    await t.db
      .update(emailOutbox)
      .set({ sendAfter: sql`now() - interval '1 second'` })
      .where(sql`${emailOutbox.sendAfter} is not null and ${emailOutbox.schoolId} = ${other.school.id}`);
    // The runner's own once-a-minute sweep may release it first: assert what the father receives, not which sweep.
    await (t.app.ctx.mailer as Outbox).release();
    const [mail] = await t.mailsTo(father, 1, 30_000);
    expect(mail!.subject).toBe("Nuevo aviso: Kermés");
    expect(mail!.text).toContain("El sábado.");
  });
});

describe("attachments", () => {
  const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\n"), Buffer.alloc(200, 0x20)]);
  const upload = (as: As, payload: Buffer = pdf) =>
    as({
      method: "POST",
      url: "/api/announcement-attachments?name=circular.pdf",
      headers: { "content-type": "application/pdf" },
      payload,
    });

  it("sends the sender's own uploads; the families it reached download them, nobody else", async () => {
    const res = await upload(s.director.as);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().data as { id: number; url: string; file_name: string };
    expect(file.file_name).toBe("circular.pdf");
    // Before it is sent, only its uploader reads it, and nobody else may send it.
    expect((await s.teacher.as({ method: "GET", url: file.url })).statusCode).toBe(404);
    const stolen = await post(s.teacher.as, "/api/announcements", {
      audience: { kind: "group", id: s.groupA.id },
      title: "Circular",
      body: "Adjunta.",
      attachment_ids: [file.id],
    });
    expect(stolen.statusCode).toBe(404);
    const sent = await announce(s.director.as, {
      audience: { kind: "group", id: s.groupB.id },
      title: "Circular",
      body: "Adjunta.",
      attachment_ids: [file.id],
    });
    expect(sent).toMatchObject({ attachments: [{ id: file.id, url: file.url }] });
    const downloaded = await s.fatherOfB1.as({ method: "GET", url: file.url });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(pdf)).toBe(true);
    expect((await s.motherOfA1.as({ method: "GET", url: file.url })).statusCode).toBe(404);
    expect((await other.director.as({ method: "GET", url: file.url })).statusCode).toBe(404);
    // What is not the file it says it is is refused.
    expect((await upload(s.director.as, Buffer.from("not a pdf at all"))).statusCode).toBe(415);
  });
});

describe("a past year's announcement", () => {
  it("keeps its audience's name and the children of its group after the school year changes", async () => {
    const sent = await announce(other.director.as, {
      audience: { kind: "group", id: other.groupA.id },
      title: "Fin de curso",
      body: "Gracias por este año.",
    });
    await t.db.update(schoolYears).set({ isCurrent: false }).where(eq(schoolYears.id, other.year.id));
    const [next] = await t.db
      .insert(schoolYears)
      .values({
        schoolId: other.school.id,
        name: "Siguiente",
        startsOn: "2099-08-01",
        endsOn: "2100-07-15",
        isCurrent: true,
      })
      .returning();
    try {
      const now = await detail(other.director.as, sent.id);
      expect(now.audience_label).toBe("1° A Primaria");
      expect(now.groups.map((g) => g.group)).toEqual(["1° A Primaria"]);
      expect(now.pending.every((p) => p.students.includes("Ana Pérez Ruiz"))).toBe(true);
      expect((await detail(other.motherOfA1.as, sent.id, "en")).audience_label).toBe("1° A Primaria");
    } finally {
      await t.db.update(schoolYears).set({ isCurrent: false }).where(eq(schoolYears.id, next!.id));
      await t.db.update(schoolYears).set({ isCurrent: true }).where(eq(schoolYears.id, other.year.id));
    }
  });
});
