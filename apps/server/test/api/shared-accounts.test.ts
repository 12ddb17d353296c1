import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyLinks, familyMembers, memberships, students, users } from "../../src/db/schema/index.ts";
import { addMember, client, createUser, login, memberOf, uniq } from "../helpers/factories.ts";
import { acceptInvitation, createAppWithInbox } from "../helpers/inbox.ts";

/**
 * Issue 9, reproduction 1: a school can read and rewrite accounts it shares with another school. Here the
 * Director of a second school ("norte") works against the accounts of a first one ("colegio").
 */
let t: Awaited<ReturnType<typeof createAppWithInbox>>;
beforeAll(async () => {
  t = await createAppWithInbox();
});
afterAll(() => t.close());

const PHONE = "55 8765 4321";

/** Colegio with a teacher and a parent who have real names and a phone; norte with its Director. */
async function twoSchools() {
  const colegio = await memberOf(t.app, t.db, "director");
  const teacher = await memberOf(t.app, t.db, "docente", colegio.school);
  await t.db.update(users).set({ cellPhone: PHONE, firstName: "Rocío" }).where(eq(users.id, teacher.user.id));
  const parent = await memberOf(t.app, t.db, "familiar", colegio.school);
  await t.db.update(users).set({ cellPhone: PHONE, firstName: "Laura" }).where(eq(users.id, parent.user.id));
  const [child] = await t.db
    .insert(students)
    .values({ schoolId: colegio.school.id, enrollment: uniq("C"), firstName: "Sofía" })
    .returning();
  await t.db.insert(familyMembers).values({ schoolId: colegio.school.id, userId: parent.user.id, phone: "111" });
  await t.db
    .insert(familyLinks)
    .values({ schoolId: colegio.school.id, studentId: child!.id, userId: parent.user.id, relationship: "mother" });
  const norte = await memberOf(t.app, t.db, "director");
  return { colegio, teacher, parent, norte };
}

/** The shape of a JSON value: its keys and value types, recursively. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  }
  return value === null ? "null" : typeof value;
}

const member = async (schoolId: string, userId: number) =>
  (
    await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.schoolId, schoolId), eq(memberships.userId, userId)))
  )[0];

describe("adding an e-mail another school uses", () => {
  it("answers exactly as for a new address, reveals nothing, and links nothing until the person accepts", async () => {
    const { teacher, norte } = await twoSchools();
    const docente = norte.school.profileIds.docente;
    const known = await norte.as({
      method: "POST",
      url: "/api/school-users",
      payload: { email: teacher.user.email, first_name: "X", profile_id: docente },
    });
    const fresh = await norte.as({
      method: "POST",
      url: "/api/school-users",
      payload: { email: `${uniq("nadie")}@test.convive`, first_name: "X", profile_id: docente },
    });
    expect([known.statusCode, fresh.statusCode]).toEqual([201, 201]);
    expect(shape(known.json())).toEqual(shape(fresh.json()));
    const answer = known.json().data;
    expect(answer.invitation).toMatchObject({
      email: teacher.user.email,
      first_name: "X",
      paternal_surname: "",
      cell_phone: null,
      status: "pending",
    });
    for (const secret of ["Rocío", "Prueba", PHONE, "linked", "temporary_password"]) {
      expect(known.body).not.toContain(secret);
    }

    // Nothing is linked yet: not a member of norte, norte is not among the teacher's schools, norte refuses them.
    expect(await member(norte.school.id, teacher.user.id)).toBeUndefined();
    const listed = (await norte.as({ method: "GET", url: "/api/school-users" })).json().data;
    expect(listed.users.map((u: { id: number }) => u.id)).not.toContain(teacher.user.id);
    const own = (await teacher.as({ method: "GET", url: `/api/users/${teacher.user.id}` })).json().data.user;
    expect(own.schools.map((s: { id: string }) => s.id)).toEqual([teacher.school.id]);
    const inNorte = client(t.app, teacher.token, norte.school.id);
    expect((await inNorte({ method: "GET", url: "/api/notifications" })).statusCode).toBe(404);

    // Accepting links the existing account as it is: the names and password stay the person's.
    const token = await t.invitationToken(teacher.user.email);
    const accepted = await acceptInvitation(t.app, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ account: "existing", email: teacher.user.email });
    expect(await member(norte.school.id, teacher.user.id)).toMatchObject({ profileId: docente, isActive: true });
    const [account] = await t.db.select().from(users).where(eq(users.id, teacher.user.id));
    expect([account!.firstName, account!.cellPhone]).toEqual(["Rocío", PHONE]);
    expect((await inNorte({ method: "GET", url: "/api/notifications" })).statusCode).toBe(200);
    expect(await login(t.app, teacher.user.email)).toBeTruthy();
  });

  it("does the same for a parent added to another school's student", async () => {
    const { parent, norte } = await twoSchools();
    const [child] = await t.db
      .insert(students)
      .values({ schoolId: norte.school.id, enrollment: uniq("N"), firstName: "Leo" })
      .returning();
    const add = (email: string) =>
      norte.as({
        method: "POST",
        url: `/api/students/${child!.id}/family-members`,
        payload: { email, first_name: "X", relationship: "mother" },
      });
    const known = await add(parent.user.email);
    const fresh = await add(`${uniq("nadie")}@test.convive`);
    expect([known.statusCode, fresh.statusCode]).toEqual([201, 201]);
    expect(shape(known.json())).toEqual(shape(fresh.json()));
    expect(known.json().data).toMatchObject({
      family_member: null,
      invitation: { first_name: "X", students: [{ id: child!.id }] },
    });
    for (const secret of ["Laura", "Prueba", PHONE]) expect(known.body).not.toContain(secret);
    const family = (await norte.as({ method: "GET", url: `/api/students/${child!.id}/family-members` })).json().data;
    expect(family.family_members).toEqual([]);
    expect(family.invitations).toHaveLength(2);

    // The link to the student is made on acceptance; what colegio keeps of the parent is untouched.
    const accepted = await acceptInvitation(t.app, await t.invitationToken(parent.user.email));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = (await norte.as({ method: "GET", url: `/api/students/${child!.id}/family-members` })).json().data;
    expect(after.family_members).toMatchObject([
      { user_id: parent.user.id, first_name: "Laura", relationship: "mother" },
    ]);
    expect(after.invitations).toHaveLength(1);
    expect(await member(norte.school.id, parent.user.id)).toMatchObject({
      profileId: norte.school.profileIds.familiar,
    });

    // Norte may keep its own phone for the parent; it cannot rename them, and colegio's record stays.
    const base = `/api/students/${child!.id}/family-members/${parent.user.id}`;
    const renamed = await norte.as({ method: "PATCH", url: base, payload: { first_name: "Hack" } });
    expect([renamed.statusCode, renamed.json().code]).toEqual([409, "IDENTITY_OWNED_BY_PERSON"]);
    const phone = await norte.as({ method: "PATCH", url: base, payload: { phone: "222", first_name: "Laura" } });
    expect(phone.statusCode, phone.body).toBe(200);
    const records = await t.db.select().from(familyMembers).where(eq(familyMembers.userId, parent.user.id));
    expect(records.map((r) => [r.schoolId, r.phone]).sort()).toEqual(
      [
        [parent.school.id, "111"],
        [norte.school.id, "222"],
      ].sort(),
    );
    const [account] = await t.db.select().from(users).where(eq(users.id, parent.user.id));
    expect(account!.firstName).toBe("Laura");
  });
});

describe("a shared member's own data", () => {
  it("refuses to rename, re-phone or re-address a shared account; only the membership changes", async () => {
    const { teacher, colegio, norte } = await twoSchools();
    await addMember(t.db, norte.school.id, teacher.user.id, norte.school.profileIds.docente);
    const url = `/api/school-users/${teacher.user.id}`;
    const detail = (await norte.as({ method: "GET", url })).json().data.user;
    expect(detail).toMatchObject({ identity_editable: false });
    expect(detail).not.toHaveProperty("other_schools_count");

    const rename = await norte.as({ method: "PATCH", url, payload: { first_name: "Hack", cell_phone: "000" } });
    expect([rename.statusCode, rename.json().code]).toEqual([409, "IDENTITY_OWNED_BY_PERSON"]);
    const en = await norte.as({
      method: "PATCH",
      url,
      headers: { "x-language": "en" },
      payload: { email: `${uniq("robo")}@test.convive` },
    });
    expect([en.statusCode, en.json().message]).toEqual([
      409,
      "The school cannot change an account's e-mail: invite the new address and deactivate the old one.",
    ]);
    const viaUsers = await norte.as({
      method: "POST",
      url: `/api/users/${teacher.user.id}`,
      payload: { cell_phone: "1" },
    });
    expect(viaUsers.json().code).toBe("IDENTITY_OWNED_BY_PERSON");

    // The form may send the names back unchanged with a membership change: that is fine.
    const membership = await norte.as({
      method: "PATCH",
      url,
      payload: { first_name: "Rocío", trainer_type: "Coach", profile_id: norte.school.profileIds.coordinador },
    });
    expect(membership.statusCode, membership.body).toBe(200);
    expect(membership.json().data.user).toMatchObject({ trainer_type: "Coach", profile_template: "coordinador" });
    const seenByColegio = (await colegio.as({ method: "GET", url })).json().data.user;
    expect(seenByColegio).toMatchObject({ first_name: "Rocío", cell_phone: PHONE, profile_template: "docente" });

    // Reading the person elsewhere shows only this school among theirs.
    const read = (await norte.as({ method: "GET", url: `/api/users/${teacher.user.id}` })).json().data.user;
    expect(read.schools.map((s: { id: string }) => s.id)).toEqual([norte.school.id]);
  });

  it("lets a school fix the names of an account it alone has and nobody has used yet", async () => {
    const school = await memberOf(t.app, t.db, "director");
    const unused = await createUser(t.db, { passwordUpdated: 0 });
    await addMember(t.db, school.school.id, unused.id, school.school.profileIds.docente);
    const url = `/api/school-users/${unused.id}`;
    expect((await school.as({ method: "GET", url })).json().data.user.identity_editable).toBe(true);
    const fixed = await school.as({ method: "PATCH", url, payload: { first_name: "Rosa", cell_phone: "55" } });
    expect(fixed.json().data.user).toMatchObject({ first_name: "Rosa", cell_phone: "55" });
    // Once it signs in, it is the person's.
    await t.db.update(users).set({ passwordUpdated: 1 }).where(eq(users.id, unused.id));
    await login(t.app, unused.email);
    const refused = await school.as({ method: "PATCH", url, payload: { first_name: "Otra" } });
    expect(refused.json().code).toBe("IDENTITY_OWNED_BY_PERSON");
  });
});

describe("deactivating in one school", () => {
  it("ends that school's access only: the same session keeps working in the person's other school", async () => {
    const { teacher, colegio, parent, norte } = await twoSchools();
    await addMember(t.db, norte.school.id, teacher.user.id, norte.school.profileIds.docente);
    await addMember(t.db, norte.school.id, parent.user.id, norte.school.profileIds.familiar);
    const call = (token: string, schoolId: string) =>
      client(t.app, token, schoolId)({ method: "GET", url: "/api/notifications" });
    for (const person of [teacher, parent]) {
      // Warm the identity cache in both schools first: the refusal must not wait for it to expire.
      expect((await call(person.token, norte.school.id)).statusCode).toBe(200);
      expect((await call(person.token, colegio.school.id)).statusCode).toBe(200);
      const off = await norte.as({ method: "POST", url: `/api/school-users/${person.user.id}/deactivate` });
      expect(off.statusCode, off.body).toBe(200);
      const refused = await call(person.token, norte.school.id);
      expect([refused.statusCode, refused.json().code]).toEqual([403, "USER_DEACTIVATED"]);
      expect((await call(person.token, colegio.school.id)).statusCode).toBe(200);
      const own = await client(
        t.app,
        person.token,
        colegio.school.id,
      )({ method: "GET", url: `/api/users/${person.user.id}` });
      expect(own.json().data.user.schools).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: colegio.school.id, is_active: true }),
          expect.objectContaining({ id: norte.school.id, is_active: false }),
        ]),
      );
    }
  });

  it("unlinking a parent from a student keeps their session and their other school", async () => {
    const { parent, colegio, norte } = await twoSchools();
    await addMember(t.db, norte.school.id, parent.user.id, norte.school.profileIds.familiar);
    const [child] = await t.db
      .insert(students)
      .values({ schoolId: norte.school.id, enrollment: uniq("N"), firstName: "Leo" })
      .returning();
    await t.db.insert(familyMembers).values({ schoolId: norte.school.id, userId: parent.user.id });
    await t.db
      .insert(familyLinks)
      .values({ schoolId: norte.school.id, studentId: child!.id, userId: parent.user.id, relationship: "mother" });
    const res = await norte.as({
      method: "DELETE",
      url: `/api/students/${child!.id}/family-members/${parent.user.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await client(t.app, parent.token, colegio.school.id)({ method: "GET", url: "/api/notifications" })).statusCode,
    ).toBe(200);
  });
});

describe("the platform administrator's e-mail", () => {
  it("is invited like any other (same answer), and the invitation can never be used", async () => {
    const school = await memberOf(t.app, t.db, "director");
    const root = await createUser(t.db, { root: 1 });
    const res = await school.as({
      method: "POST",
      url: "/api/school-users",
      payload: { email: root.email, first_name: "X", profile_id: school.school.profileIds.docente },
    });
    expect(res.statusCode).toBe(201);
    // A later invitation to a new address goes through the same delivery; once it has arrived, an e-mail to the
    // administrator, started before it, would have too.
    const witness = `${uniq("testigo")}@test.convive`;
    const later = await school.as({
      method: "POST",
      url: "/api/school-users",
      payload: { email: witness, first_name: "Y", profile_id: school.school.profileIds.docente },
    });
    expect(later.statusCode).toBe(201);
    await t.mailsTo(witness);
    expect(t.inbox.some((m) => m.to.includes(root.email))).toBe(false);
    expect(await member(school.school.id, root.id)).toBeUndefined();
  });
});
