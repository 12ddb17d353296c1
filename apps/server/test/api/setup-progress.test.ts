import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { createSchool, memberOf } from "../helpers/factories.ts";
import { acceptInvitation } from "../helpers/inbox.ts";
import { csv, send, waitForJob } from "./import-helpers.ts";

/**
 * Issue 12 §2: a new school is guided through its seven setup stages. Its Director lands on the setup checklist
 * until the seventh stage completes, and the setup reminder ("Llevas N de 7 etapas…") follows the count and goes
 * when the last stage completes, off the bell too. Every stage is completed through the API, as the screens do.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof memberOf>>;
const CHECKLIST = "/master-configuration/general-information";
const reminderBody = (n: number) => `Llevas ${n} de 7 etapas de configuración completadas.`;

async function ok(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.json() as { data: Record<string, { id: number }> }).data;
}

/** What Tomás sends to accept: the token from his e-mail (in the outbox: this app sends nothing) and a password. */
async function acceptance(email: string) {
  // Written just after the school's answer.
  let mail: typeof emailOutbox.$inferSelect | undefined;
  await expect
    .poll(async () => {
      [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
      return mail;
    })
    .toBeDefined();
  const token = /invitation=([\w-]+)/.exec(mail!.bodyText)![1]!;
  return { token, password: "Maestro.2026", password_confirmation: "Maestro.2026" };
}

/** The seven stages in the order the checklist offers them, each one call of the Director's (and Tomás's accepting). */
function stages(director: Member) {
  const as = director.as;
  const ids: Record<string, number> = {};
  return [
    async () => {
      const { school_year } = await ok(
        await as({
          method: "POST",
          url: "/api/school-years",
          payload: { name: "2026-2027", starts_on: "2026-08-24", ends_on: "2027-07-09" },
        }),
      );
      ids.year = school_year!.id;
    },
    async () => {
      await ok(
        await as({
          method: "POST",
          url: `/api/school-years/${ids.year}/periods`,
          payload: { name: "Trimestre 1", starts_on: "2026-08-24", ends_on: "2026-11-27" },
        }),
      );
    },
    async () => {
      const { section } = await ok(await as({ method: "POST", url: "/api/sections", payload: { name: "Primaria" } }));
      const { grade } = await ok(
        await as({ method: "POST", url: "/api/grades", payload: { section_id: section!.id, name: "1°" } }),
      );
      ids.grade = grade!.id;
    },
    async () => {
      const { group } = await ok(
        await as({ method: "POST", url: "/api/groups", payload: { grade_id: ids.grade, name: "A" } }),
      );
      ids.group = group!.id;
    },
    async () => {
      await ok(
        await as({ method: "POST", url: "/api/subjects", payload: { name: "Matemáticas", grade_ids: [ids.grade] } }),
      );
    },
    async () => {
      await ok(
        await as({
          method: "POST",
          url: "/api/students",
          payload: { enrollment: "A-001", first_name: "Luis", paternal_surname: "Pérez", group_id: ids.group },
        }),
      );
    },
    async () => {
      // Staff join by invitation; sent is not joined (issue 26 §4): the stage completes when Tomás accepts.
      const email = `tomas.${director.school.id}@test.convive`;
      await ok(
        await as({
          method: "POST",
          url: "/api/school-users",
          payload: {
            first_name: "Tomás",
            paternal_surname: "Maestro",
            email,
            profile_id: director.school.profileIds.docente,
          },
        }),
      );
      const { token, ...password } = await acceptance(email);
      await ok(await acceptInvitation(t.app, token, password));
      // Accepting is no request of the school's: its setup looks again on the event, just after the answer.
      await expect.poll(async () => (await report(director)).stages_completed.users).toBe(true);
      await me(director);
    },
  ];
}

const me = async (m: Member) => {
  const res = await m.as({ method: "GET", url: `/api/users/${m.user.id}?include=roles,permissions` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.user as { viewMain: string; unviewed_notifications_count: number };
};
const notices = async (m: Member) => {
  const res = await m.as({ method: "GET", url: "/api/notifications", headers: { "accept-language": "es" } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.notifications as { type: string; title: string; body: string; link: string | null }[];
};
const report = async (m: Member) =>
  (await m.as({ method: "GET", url: "/api/school_years/percentage-completed" })).json().data as {
    completed: number;
    stages_completed: Record<string, boolean>;
  };

/** The setup reminder, as a school would send it to its Director at `completed` of 7. */
const remind = (m: Member, completed: number) =>
  t.app.ctx.notifications.notify(t.db, {
    schoolId: m.school.id,
    userIds: [m.user.id],
    type: "setup.reminder",
    params: { completed, total: 7 },
    link: CHECKLIST,
  });

describe("the landing view of a school still being set up", () => {
  it("takes its Director to the checklist until the seventh stage completes, then to the spec's first module", async () => {
    const director = await memberOf(t.app, t.db, "director");
    expect((await me(director)).viewMain).toBe(CHECKLIST);
    // Those who cannot complete the setup keep the spec's landing view (in a school of their own: a Docente is
    // already the staff stage).
    const elsewhere = await createSchool(t.db);
    const docente = await memberOf(t.app, t.db, "docente", elsewhere);
    const familia = await memberOf(t.app, t.db, "familiar", elsewhere);
    expect((await me(docente)).viewMain).toBe("/register");
    expect((await me(familia)).viewMain).toBe("/notifications");

    const steps = stages(director);
    for (const [i, step] of steps.entries()) {
      await step();
      expect((await report(director)).completed).toBe(i + 1);
      expect((await me(director)).viewMain).toBe(i + 1 < steps.length ? CHECKLIST : "/register");
    }
  });
});

describe("the setup reminder", () => {
  it("says the count as it is after each stage, without raising the bell again", async () => {
    const director = await memberOf(t.app, t.db, "director");
    await remind(director, 0);
    expect((await me(director)).unviewed_notifications_count).toBe(1);
    const steps = stages(director);
    for (const [i, step] of steps.slice(0, 6).entries()) {
      await step();
      const [reminder] = await notices(director);
      expect(reminder).toMatchObject({ type: "setup.reminder", body: reminderBody(i + 1), link: CHECKLIST });
    }
    expect((await me(director)).unviewed_notifications_count).toBe(1);
  });

  it("goes when the last stage completes: out of the list and off the bell", async () => {
    const director = await memberOf(t.app, t.db, "director");
    // A second Director: staff of other profiles would already be the seventh stage.
    const codirector = await memberOf(t.app, t.db, "director", director.school);
    const steps = stages(director);
    for (const step of steps.slice(0, 6)) await step();
    await remind(director, 6);
    await remind(codirector, 6);
    // A notification that arrived after the reminder stays, and so does its bell.
    await t.app.ctx.notifications.notify(t.db, {
      schoolId: director.school.id,
      userIds: [director.user.id],
      type: "welcome",
      params: { school: "Escuela" },
    });
    expect((await notices(director)).map((n) => n.body)).toContain(reminderBody(6));
    expect((await me(director)).unviewed_notifications_count).toBe(2);

    await steps[6]!();

    // The last stage completes on the acceptance's event, just after its answer: the reminder goes with it.
    await expect.poll(async () => (await notices(director)).map((n) => n.type)).toEqual(["welcome"]);
    expect((await me(director)).unviewed_notifications_count).toBe(1);
    expect(await notices(codirector)).toEqual([]);
    expect((await me(codirector)).unviewed_notifications_count).toBe(0);
  });

  it("a reminder already seen (the bell opened since) takes nothing off the bell when it goes", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const steps = stages(director);
    for (const step of steps.slice(0, 6)) await step();
    await remind(director, 6);
    // The bell is opened (spec §4), then a new notification arrives: only that one is unviewed.
    await director.as({
      method: "POST",
      url: `/api/users/${director.user.id}`,
      payload: { unviewed_notifications_count: 0 },
    });
    await t.app.ctx.notifications.notify(t.db, {
      schoolId: director.school.id,
      userIds: [director.user.id],
      type: "welcome",
      params: { school: "Escuela" },
    });
    expect((await me(director)).unviewed_notifications_count).toBe(1);

    await steps[6]!();

    // The last stage completes on the acceptance's event, just after its answer: the reminder goes with it.
    await expect.poll(async () => (await notices(director)).map((n) => n.type)).toEqual(["welcome"]);
    expect((await me(director)).unviewed_notifications_count).toBe(1);
  });

  it("in another school stays as it is when one school completes its setup", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const other = await memberOf(t.app, t.db, "director", await createSchool(t.db));
    await remind(other, 2);
    for (const step of stages(director)) await step();
    expect((await notices(other)).map((n) => n.body)).toEqual([reminderBody(2)]);
    expect((await me(other)).unviewed_notifications_count).toBe(1);
  });

  it("goes too when the last stage is completed by an import, whose job finishes after its answer", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const steps = stages(director);
    // Every stage but the students, who come in a massive upload.
    for (const step of [...steps.slice(0, 5), steps[6]!]) await step();
    await remind(director, 6);
    const file = csv([
      ["Matrícula", "Nombre", "Apellido paterno", "Nivel", "Grado", "Grupo"],
      ["A-100", "Sofía", "Hernández", "Primaria", "1°", "A"],
    ]);
    const res = await send(director.as, "/api/imports/students/commit", file);
    expect(res.statusCode, res.body).toBe(202);
    expect((await waitForJob(director.as, res.json().data.job.id)).status).toBe("done");

    await expect.poll(async () => (await notices(director)).length).toBe(0);
    expect((await me(director)).unviewed_notifications_count).toBe(0);
    expect((await me(director)).viewMain).toBe("/register");
  });
});
