import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyLinks, invitations, memberships, students, users } from "../../src/db/schema/index.ts";
import { hashToken } from "../../src/lib/tokens.ts";
import { client, createUser, login, memberOf, uniq } from "../helpers/factories.ts";
import { acceptInvitation, createAppWithInbox, lookupInvitation } from "../helpers/inbox.ts";
import { csv, send, waitForJob } from "./import-helpers.ts";

let t: Awaited<ReturnType<typeof createAppWithInbox>>;
beforeAll(async () => {
  t = await createAppWithInbox();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const NEW_PASSWORD = "Nueva.Clave.2026";

async function invite(as: Awaited<ReturnType<typeof memberOf>>["as"], profileId: number, email: string, lang = "es") {
  const res = await as({
    method: "POST",
    url: "/api/school-users",
    headers: { "x-language": lang },
    payload: { email, first_name: "Nora", paternal_surname: "Vega", cell_phone: "55 1", profile_id: profileId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.invitation as { id: number; expires_at: string; status: string };
}

const row = async (schoolId: string, id: number) =>
  (
    await t.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.schoolId, schoolId), eq(invitations.id, id)))
  )[0]!;

describe("accepting an invitation", () => {
  it("creates a new address's account with the password and names the person chooses", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const email = `${uniq("nora")}@test.convive`;
    const invited = await invite(d.as, d.school.profileIds.docente, email, "en");
    // Nothing exists before acceptance: no account, no membership, no sign-in.
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const [mail] = await t.mailsTo(email);
    expect(mail!.subject).toBe(`Escuela ${d.school.id} invites you to Convive`);
    expect(mail!.text).toContain("Hello Nora,");
    expect(mail!.text).toContain("expires in 7 days");
    // The link opens the screen in the e-mail's language.
    expect(mail!.text).toMatch(/RecoverPassword\?invitation=[\w-]+&lang=en/);
    const token = await t.invitationToken(email);
    // Only the token's SHA-256 is kept.
    expect((await row(d.school.id, invited.id)).tokenHash).toBe(hashToken(token));

    const look = await lookupInvitation(t.app, token);
    expect(look.json().data).toMatchObject({
      account: "new",
      email,
      first_name: "Nora",
      paternal_surname: "Vega",
      profile_name: "Docente",
      school: { id: d.school.id },
    });
    const noPassword = await acceptInvitation(t.app, token, {}, { "x-language": "en" });
    expect([noPassword.statusCode, noPassword.json().errors]).toEqual([422, { password: "empty fields" }]);
    const mismatch = await acceptInvitation(t.app, token, { password: NEW_PASSWORD, password_confirmation: "otra" });
    expect(mismatch.json().code).toBe("PASSWORDS_DO_NOT_MATCH");

    const ok = await acceptInvitation(t.app, token, {
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      first_name: "Norma",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ account: "new", email, school: { id: d.school.id } });
    const tokenAfter = await login(t.app, email, NEW_PASSWORD);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect([account!.firstName, account!.paternalSurname, account!.passwordUpdated, account!.language]).toEqual([
      "Norma",
      "Vega",
      1,
      "en",
    ]);
    const own = await client(t.app, tokenAfter, d.school.id)({ method: "GET", url: `/api/users/${account!.id}` });
    expect(own.json().data.user).toMatchObject({
      schools: [{ id: d.school.id, is_active: true }],
      roles: [{ name: "Docente" }],
    });

    // Single use: the link is spent; the school's list no longer shows it.
    expect((await acceptInvitation(t.app, token, { password: NEW_PASSWORD })).json().code).toBe("INVITATION_INVALID");
    expect((await lookupInvitation(t.app, token)).statusCode).toBe(422);
    const list = (await d.as({ method: "GET", url: "/api/school-users/invitations" })).json().data;
    expect(list.total).toBe(0);
  });

  it("links an existing account in its own language, without touching its password or names", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const person = await createUser(t.db, { language: "en", firstName: "Pat" });
    await invite(d.as, d.school.profileIds.orientador, person.email, "es");
    const [mail] = await t.mailsTo(person.email);
    expect(mail!.text).toContain("Hello Pat,");
    expect(mail!.text).toContain("sign in with your e-mail and your usual password");
    expect(mail!.text).toMatch(/&lang=en/);
    const token = await t.invitationToken(person.email);
    const look = (await lookupInvitation(t.app, token)).json().data;
    expect(look).toMatchObject({ account: "existing", first_name: "", cell_phone: null, profile_name: "Orientador" });
    // A password sent along is ignored for an existing account.
    const ok = await acceptInvitation(t.app, token, {
      password: "Otra.Clave.99",
      password_confirmation: "Otra.Clave.99",
    });
    expect(ok.json().data.account).toBe("existing");
    expect(await login(t.app, person.email)).toBeTruthy();
    const [m] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.schoolId, d.school.id), eq(memberships.userId, person.id)));
    expect(m!.profileId).toBe(d.school.profileIds.orientador);
  });

  it("refuses a second invitation of the same address, and tells members apart only from this school's own list", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const email = `${uniq("dos")}@test.convive`;
    await invite(d.as, d.school.profileIds.docente, email);
    const again = await d.as({
      method: "POST",
      url: "/api/school-users",
      payload: { email: email.toUpperCase(), first_name: "Otra", profile_id: d.school.profileIds.docente },
    });
    expect([again.statusCode, again.json().code]).toEqual([409, "ALREADY_INVITED"]);
    const self = await d.as({
      method: "POST",
      url: "/api/school-users",
      payload: { email: d.user.email, first_name: "Yo", profile_id: d.school.profileIds.docente },
    });
    expect(self.json().code).toBe("ALREADY_MEMBER");
  });
});

describe("expiry, resend and cancel", () => {
  it("lasts 7 days; an expired one is listed as such and refused; resend renews it; cancel ends it", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const email = `${uniq("vence")}@test.convive`;
    const invited = await invite(d.as, d.school.profileIds.docente, email);
    const stored = await row(d.school.id, invited.id);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(7 * DAY_MS + 60_000);
    const first = await t.invitationToken(email);

    // Eight days later.
    await t.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 day'`, createdAt: sql`now() - interval '8 days'` })
      .where(eq(invitations.id, invited.id));
    const listed = (await d.as({ method: "GET", url: "/api/school-users/invitations" })).json().data;
    expect(listed.invitations).toMatchObject([{ id: invited.id, status: "expired", email }]);
    expect((await lookupInvitation(t.app, first)).json().code).toBe("INVITATION_INVALID");
    const late = await acceptInvitation(t.app, first, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(late.json().code).toBe("INVITATION_INVALID");
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const resent = await d.as({ method: "POST", url: `/api/school-users/invitations/${invited.id}/resend` });
    expect(resent.json().data.invitation.status).toBe("pending");
    const second = await t.invitationToken(email, 2);
    expect(second).not.toBe(first);
    expect((await lookupInvitation(t.app, second)).statusCode).toBe(200);

    const cancelled = await d.as({ method: "DELETE", url: `/api/school-users/invitations/${invited.id}` });
    expect(cancelled.json().data).toEqual({ id: invited.id });
    expect((await lookupInvitation(t.app, second)).json().code).toBe("INVITATION_INVALID");
    expect((await d.as({ method: "GET", url: "/api/school-users/invitations" })).json().data.total).toBe(0);
  });

  it("keeps each school's invitations to itself", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const b = await memberOf(t.app, t.db, "director");
    const invited = await invite(a.as, a.school.profileIds.docente, `${uniq("x")}@test.convive`);
    for (const call of [
      { method: "POST" as const, url: `/api/school-users/invitations/${invited.id}/resend` },
      { method: "DELETE" as const, url: `/api/school-users/invitations/${invited.id}` },
    ]) {
      expect((await b.as(call)).statusCode, call.url).toBe(404);
    }
    expect((await b.as({ method: "GET", url: "/api/school-users/invitations" })).json().data.total).toBe(0);
    const docente = await memberOf(t.app, t.db, "docente", a.school);
    expect((await docente.as({ method: "GET", url: "/api/school-users/invitations" })).statusCode).toBe(403);
  });
});

describe("family invitations", () => {
  it("gathers a family's children on one invitation and links them all on acceptance", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const [sofia, leo] = await t.db
      .insert(students)
      .values([
        { schoolId: d.school.id, enrollment: uniq("S"), firstName: "Sofía" },
        { schoolId: d.school.id, enrollment: uniq("L"), firstName: "Leo" },
      ])
      .returning();
    const email = `${uniq("laura")}@test.convive`;
    const add = (studentId: number, relationship: string) =>
      d.as({
        method: "POST",
        url: `/api/students/${studentId}/family-members`,
        payload: { email, first_name: "Laura", relationship, rfc: "gall850312ab1", can_pick_up: true },
      });
    const first = (await add(sofia!.id, "mother")).json().data.invitation;
    const second = (await add(leo!.id, "tutor")).json().data.invitation;
    expect(second.id).toBe(first.id);
    expect(second.students.map((s: { id: number }) => s.id).sort()).toEqual([sofia!.id, leo!.id].sort());
    expect((await add(leo!.id, "tutor")).json().code).toBe("ALREADY_LINKED");

    // Cancelling for one child leaves the other; one e-mail was sent.
    const off = await d.as({ method: "DELETE", url: `/api/students/${leo!.id}/family-invitations/${first.id}` });
    expect(off.statusCode).toBe(200);
    expect((await add(leo!.id, "father")).statusCode).toBe(201);
    const token = await t.invitationToken(email);
    expect(await t.mailsTo(email)).toHaveLength(1);

    const ok = await acceptInvitation(t.app, token, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    const links = await t.db.select().from(familyLinks).where(eq(familyLinks.userId, account!.id));
    expect(links.map((l) => [l.studentId, l.relationship, l.canPickUp]).sort()).toEqual(
      [
        [sofia!.id, "mother", true],
        [leo!.id, "father", true],
      ].sort(),
    );
    const family = (await d.as({ method: "GET", url: `/api/students/${sofia!.id}/family-members` })).json().data;
    expect(family).toMatchObject({ family_members: [{ email, rfc: "GALL850312AB1" }], invitations: [] });
    // A family member of the school is now linked to a third child at once.
    const [ana] = await t.db
      .insert(students)
      .values({ schoolId: d.school.id, enrollment: uniq("A"), firstName: "Ana" })
      .returning();
    const now = await add(ana!.id, "mother");
    expect(now.json().data).toMatchObject({ invitation: null, family_member: { user_id: account!.id } });
  });
});

describe("imports from a second school", () => {
  it("cannot rename, reveal or link another school's accounts: every row is an invitation", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const teacher = await memberOf(t.app, t.db, "docente", a.school);
    const parent = await memberOf(t.app, t.db, "familiar", a.school);
    const b = await memberOf(t.app, t.db, "director");
    const fresh = `${uniq("nueva")}@test.convive`;
    const usersFile = csv([
      ["Nombre", "Apellido paterno", "Correo electrónico", "Celular", "Perfil"],
      ["Hacker", "Malo", teacher.user.email, "000", "Docente"],
      ["Nora", "Vega", fresh, "", "Docente"],
    ]);
    const dry = (await send(b.as, "/api/imports/users/dry-run", usersFile)).json().data;
    expect(dry).toMatchObject({ invalid: 0, errors: [], counts: { invitations: 2 } });
    expect(JSON.stringify(dry)).not.toMatch(/Ana|Prueba|linked/);
    const commit = await send(b.as, "/api/imports/users/commit", usersFile);
    const job = await waitForJob(b.as, commit.json().data.job.id);
    expect(job).toMatchObject({ status: "done", counts: { invitations: 2 } });

    const enrollment = uniq("E");
    await t.db.insert(students).values({ schoolId: b.school.id, enrollment, firstName: "Leo" });
    const familiesFile = csv([
      ["Matrícula del alumno", "Parentesco", "Correo electrónico", "Nombre", "Teléfono"],
      [enrollment, "Madre", parent.user.email, "Otra", "999"],
    ]);
    const fam = await send(b.as, "/api/imports/families/commit", familiesFile);
    const famJob = await waitForJob(b.as, fam.json().data.job.id);
    expect(famJob.counts).toMatchObject({ invitations: 1, family_links_created: 0 });

    // The accounts are as they were, and belong to the first school only, until their owners accept.
    for (const person of [teacher, parent]) {
      const [account] = await t.db.select().from(users).where(eq(users.id, person.user.id));
      expect([account!.firstName, account!.paternalSurname, account!.cellPhone]).toEqual(["Ana", "Prueba", null]);
      const joined = await t.db.select().from(memberships).where(eq(memberships.userId, person.user.id));
      expect(joined.map((m) => m.schoolId)).toEqual([a.school.id]);
    }
    const listed = (await b.as({ method: "GET", url: "/api/school-users/invitations?per_page=10" })).json().data;
    expect(listed.invitations.map((i: { first_name: string }) => i.first_name).sort()).toEqual([
      "Hacker",
      "Nora",
      "Otra",
    ]);
    // The commit e-mails them (the dry run did not).
    await t.mailsTo(teacher.user.email);
    await t.mailsTo(parent.user.email);
    expect(await t.mailsTo(fresh)).toHaveLength(1);
  });
});
