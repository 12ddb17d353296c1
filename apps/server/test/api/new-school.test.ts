import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, invitations, profiles, schools } from "../../src/db/schema/index.ts";
import { SESSION_COOKIE } from "../../src/plugins/access.ts";
import { client, createUser, login, uniq } from "../helpers/factories.ts";
import { acceptInvitation, createAppWithInbox } from "../helpers/inbox.ts";

// Issue 26 §4: a new school that starts itself — root names its first Director, who is invited (no password handed
// over), accepts, is signed in and lands on the checklist; a user root creates is invited the same way.
let t: Awaited<ReturnType<typeof createAppWithInbox>>;
let asRoot: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createAppWithInbox();
  const root = await createUser(t.db, { root: 1 });
  asRoot = client(t.app, await login(t.app, root.email));
});
afterAll(() => t.close());

const PASSWORD = "Directora.2026";
/** What the screens of a new school ask first: the strategic vision, ratings, registration, archive, scorecard, points. */
const PROBES = [
  "/api/strategic-vision",
  "/api/strategic-vision/effectiveness",
  "/api/strategic-vision/options",
  "/api/ratings/options",
  "/api/incidents/registration-options",
  "/api/incidents/filters",
  "/api/incidents",
  "/api/scorecard/students",
  "/api/scorecard/groups",
  "/api/school_years/percentage-completed",
];

async function createSchoolWithDirector(email: string, extra: Record<string, unknown> = {}) {
  const id = uniq("nueva");
  const res = await asRoot({
    method: "POST",
    url: "/api/admin/schools",
    payload: {
      id,
      name: "Colegio Nuevo Amanecer",
      director: { first_name: "Marta", paternal_surname: "Salas", email, ...extra },
    },
  });
  return { id, res };
}

/** The Director's invitation link, read from the e-mail as she would. */
async function linkIn(email: string) {
  const [mail] = await t.mailsTo(email);
  const match = /https:\/\/\S+/.exec(mail!.text);
  return { mail: mail!, link: new URL(match![0]) };
}

describe("creating a school with its first Director", () => {
  it("writes the school, the Director's invitation and its e-mail, whose link opens on the school's subdomain", async () => {
    const email = `${uniq("marta")}@test.convive`;
    const { id, res } = await createSchoolWithDirector(email);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.director_invitation).toMatchObject({ email });
    expect(res.json().data).not.toHaveProperty("temporary_password");

    const [invitation] = await t.db
      .select({ profile: profiles.templateKey, acceptedAt: invitations.acceptedAt })
      .from(invitations)
      .innerJoin(profiles, and(eq(profiles.schoolId, invitations.schoolId), eq(profiles.id, invitations.profileId)))
      .where(and(eq(invitations.schoolId, id), eq(invitations.email, email)));
    expect(invitation).toEqual({ profile: "director", acceptedAt: null });
    const queued = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    expect(queued).toHaveLength(1);

    const { mail, link } = await linkIn(email);
    expect(mail.subject).toBe("Colegio Nuevo Amanecer te invita a Convive");
    expect(mail.text).toContain("Hola Marta:");
    expect(mail.text).toContain("Director");
    expect(link.origin).toBe(`https://${id}.convive.example`);
    expect(link.pathname).toBe("/RecoverPassword");
    expect(link.searchParams.get("invitation")).toBeTruthy();
  });

  it("creates nothing when the Director's e-mail is not an address", async () => {
    const { id, res } = await createSchoolWithDirector("no-es-correo");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(["director.email"]);
    expect(await t.db.select().from(schools).where(eq(schools.id, id))).toEqual([]);
  });

  it("signs the Director in on accepting and lands her on the checklist", async () => {
    const email = `${uniq("marta")}@test.convive`;
    const { id } = await createSchoolWithDirector(email);
    const { link } = await linkIn(email);
    const ok = await acceptInvitation(t.app, link.searchParams.get("invitation")!, {
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const data = ok.json().data;
    expect(data).toMatchObject({ account: "new", email, school: { id }, session: { token_type: "Bearer" } });
    // The same session a sign-in opens: its HttpOnly cookie, and the token the web keeps.
    const cookie = ok.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, value: data.session.access_token });

    const me = await client(
      t.app,
      data.session.access_token,
      id,
    )({
      method: "GET",
      url: `/api/users/${data.session.user_id}`,
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.user).toMatchObject({
      email,
      viewMain: "/master-configuration/general-information",
      privacy_notice_viewed: 0,
    });
    // Her password works for the ordinary sign-in too.
    expect(await login(t.app, email, PASSWORD)).toBeTruthy();

    // Inviting her staff is not yet having staff: the checklist's stage says "sent" and stays pending.
    const asDirector = client(t.app, data.session.access_token, id);
    const docente = (await asDirector({ method: "GET", url: "/api/profiles" })).json();
    const profileId = (docente.data.profiles ?? docente.data).find(
      (p: { template_key?: string; name: string }) => p.template_key === "docente" || p.name === "Docente",
    ).id;
    const invited = await asDirector({
      method: "POST",
      url: "/api/school-users",
      payload: { first_name: "Tomás", email: `${uniq("tomas")}@test.convive`, profile_id: profileId },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const report = await asDirector({ method: "GET", url: "/api/school_years/percentage-completed" });
    expect(report.json().data).toMatchObject({ users_invited: true, stages_completed: { users: false } });
    expect(report.json().data.missing).toContain("users");
  });
});

describe("every screen of a new, empty school", () => {
  it("answers 200 with empty data, never 404", async () => {
    const email = `${uniq("marta")}@test.convive`;
    const { id } = await createSchoolWithDirector(email);
    const { link } = await linkIn(email);
    const ok = await acceptInvitation(t.app, link.searchParams.get("invitation")!, {
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    const as = client(t.app, ok.json().data.session.access_token, id);
    const answers: Record<string, number> = {};
    for (const url of PROBES) answers[url] = (await as({ method: "GET", url })).statusCode;
    expect(answers).toEqual(Object.fromEntries(PROBES.map((url) => [url, 200])));

    const dashboard = (await as({ method: "GET", url: "/api/strategic-vision" })).json().data;
    expect(dashboard.range.school_year).toBeNull();
    expect(dashboard.incidents.current.value).toBe(0);
    expect(dashboard.setup.stages.schoolYear).toBe(false);
  });
});

describe("a user root creates", () => {
  it("gets an invitation e-mail to choose a password, and no password is answered", async () => {
    const email = `${uniq("luis")}@test.convive`;
    const { id } = await createSchoolWithDirector(`${uniq("d")}@test.convive`);
    const docente = (await asRoot({ method: "GET", url: `/api/admin/schools/${id}/profiles` }))
      .json()
      .data.profiles.find((p: { template_key: string }) => p.template_key === "docente");
    const res = await asRoot({
      method: "POST",
      url: "/api/admin/users",
      payload: { first_name: "Luis", paternal_surname: "Mora", email, school_id: id, profile_id: docente.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ invitation_sent: true, user: { email } });
    expect(res.json().data).not.toHaveProperty("temporary_password");

    const { mail, link } = await linkIn(email);
    expect(mail.subject).toBe("Colegio Nuevo Amanecer te invita a Convive");
    expect(link.origin).toBe(`https://${id}.convive.example`);
    expect(link.pathname).toBe("/RecoverPassword/reset");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/user/reset-password",
      payload: { token: link.searchParams.get("token"), password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await login(t.app, email, PASSWORD)).toBeTruthy();
  });
});
