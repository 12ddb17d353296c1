import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groups } from "../../src/db/schema/index.ts";
import { createAppWithInbox } from "../helpers/inbox.ts";
import { type MessageSchool, messageSchool } from "../helpers/messages.ts";

/**
 * Issue 27 §2: announcements to the families of a group, a grade, a section or the whole school. Staff holding
 * announcements.create send them (school-wide staff to any audience, a teacher to her groups only); the families of
 * the audience — and nobody else — read and confirm them; the sender follows read and confirmed counts per group
 * and reminds whoever is pending; each family is e-mailed; what a family reads passes the redaction path.
 */
let t: Awaited<ReturnType<typeof createAppWithInbox>>;
let s: MessageSchool;
let other: MessageSchool;
beforeAll(async () => {
  t = await createAppWithInbox();
  s = await messageSchool(t.app, t.db);
  other = await messageSchool(t.app, t.db);
});
afterAll(() => t.close());

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
    // Beto's own father reads his son's name.
    expect((await detail(s.fatherOfB1.as, sent.id)).body).toContain("Beto Pérez Ruiz");
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
