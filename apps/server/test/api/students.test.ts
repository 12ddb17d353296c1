import { perm } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groups, memberships, schoolYears, users } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, createUser, memberOf, uniq } from "../helpers/factories.ts";
import { customMember, plainMember } from "../helpers/master-configuration.ts";
import { peopleSnapshot, seedGroup } from "./people-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type As = Awaited<ReturnType<typeof memberOf>>["as"];
const STUDENTS = (action: "create" | "read" | "update" | "delete" | "search") =>
  perm("master-configuration-students", action);
const CURP = "HEGG560427MVZRRL04";
const ADDRESS = {
  street: "Av. Insurgentes Sur",
  outside_number: "1602",
  inside_number: "4",
  neighbourhood: "Crédito Constructor",
  postal_code: "03940",
  municipality: "",
  delegation: "Benito Juárez",
  city: "Ciudad de México",
  state: "Ciudad de México",
  country: "México",
};

async function createStudent(as: As, fields: Record<string, unknown> = {}) {
  const res = await as({
    method: "POST",
    url: "/api/students",
    payload: { enrollment: uniq("CDA"), first_name: "Sofía", paternal_surname: "Hernández", ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`create student: ${res.statusCode} ${res.body}`);
  return res.json().data.student as { id: number; enrollment: string } & Record<string, unknown>;
}

describe("students", () => {
  it("keeps every field of spec §3 with the group of the current year", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const { groupId } = await seedGroup(t.db, d.school.id);
    const student = await createStudent(d.as, {
      maternal_surname: "García",
      birthday: "2016-04-27",
      gender: "female",
      curp: ` ${CURP.toLowerCase()} `,
      address: ADDRESS,
      observations: "Alergia a la penicilina",
      group_id: groupId,
    });
    const { municipality: _, ...stored } = ADDRESS;
    expect(student).toMatchObject({
      maternal_surname: "García",
      birthday: "2016-04-27",
      gender: "female",
      curp: CURP,
      address: stored,
      status: "active",
      photo: null,
      group: { id: groupId, name: "A", grade_name: "1°", section_name: "Primaria" },
      family_count: 0,
    });
    const patched = await d.as({
      method: "PATCH",
      url: `/api/students/${student.id}`,
      payload: { status: "withdrawn", group_id: null, curp: "" },
    });
    expect(patched.json().data.student).toMatchObject({ status: "withdrawn", group: null, curp: null });
    expect((await d.as({ method: "GET", url: `/api/students/${student.id}` })).json().data.student.gender).toBe(
      "female",
    );
  });

  it("lists with search and filters", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const { groupId } = await seedGroup(t.db, d.school.id);
    const a = await createStudent(d.as, { first_name: "Valentina", group_id: groupId });
    await createStudent(d.as, { first_name: "Mateo", status: "graduated" });
    const list = async (q: string) => (await d.as({ method: "GET", url: `/api/students?${q}` })).json().data;
    expect((await list("")).total).toBe(2);
    expect((await list("search=valent")).students.map((s: { id: number }) => s.id)).toEqual([a.id]);
    expect((await list(`search=${a.enrollment}`)).total).toBe(1);
    expect((await list(`group_id=${groupId}`)).students.map((s: { id: number }) => s.id)).toEqual([a.id]);
    expect((await list("status=graduated")).students[0].first_name).toBe("Mateo");
  });

  it("checks the CURP, the enrollment and the group, in either language, changing nothing", async () => {
    const d = await memberOf(t.app, t.db, "director");
    await seedGroup(t.db, d.school.id);
    const taken = await createStudent(d.as);
    const [closed] = await t.db
      .insert(schoolYears)
      .values({ schoolId: d.school.id, name: "2020", startsOn: "2020-08-24", endsOn: "2021-07-09" })
      .returning();
    const [oldGroup] = await t.db
      .select({ gradeId: groups.gradeId })
      .from(groups)
      .where(eq(groups.schoolId, d.school.id));
    const [past] = await t.db
      .insert(groups)
      .values({ schoolId: d.school.id, gradeId: oldGroup!.gradeId, schoolYearId: closed!.id, name: "Z" })
      .returning();
    const before = await peopleSnapshot(t.db, d.school.id);
    const base = { enrollment: uniq("CDA"), first_name: "Leo" };
    const bad = await d.as({ method: "POST", url: "/api/students", payload: { ...base, curp: "HEGG560427MVZRRL05" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ curp: "La CURP no es válida (18 caracteres con dígito verificador)." });
    const en = await d.as({
      method: "POST",
      url: "/api/students",
      headers: { "x-language": "en" },
      payload: { ...base, curp: "XXXX" },
    });
    expect(en.json().errors.curp).toBe("The CURP is not valid (18 characters with a check digit).");
    const empty = await d.as({ method: "POST", url: "/api/students", payload: { enrollment: "", first_name: "" } });
    expect(empty.json().errors).toMatchObject({ enrollment: "Campos vacíos", first_name: "Campos vacíos" });
    const badDay = await d.as({ method: "POST", url: "/api/students", payload: { ...base, birthday: "2016-02-30" } });
    expect(Object.keys(badDay.json().errors)).toEqual(["birthday"]);
    const dup = await d.as({
      method: "POST",
      url: "/api/students",
      payload: { ...base, enrollment: taken.enrollment.toLowerCase() },
    });
    expect([dup.statusCode, dup.json().code]).toEqual([409, "ENROLLMENT_TAKEN"]);
    const wrongYear = await d.as({ method: "POST", url: "/api/students", payload: { ...base, group_id: past!.id } });
    expect(wrongYear.json()).toMatchObject({ code: "UNKNOWN_GROUP", errors: { group_id: expect.any(String) } });
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);
  });

  it("deletes a student with their family links", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const s = await createStudent(d.as);
    const parent = await plainMember(t.db, d.school, "familiar");
    for (const email of [parent.email, `${uniq("p")}@test.convive`]) {
      const res = await d.as({
        method: "POST",
        url: `/api/students/${s.id}/family-members`,
        payload: { email, first_name: "Laura", relationship: "mother" },
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await d.as({ method: "DELETE", url: `/api/students/${s.id}` })).json().data).toEqual({ id: s.id });
    expect((await d.as({ method: "GET", url: `/api/students/${s.id}` })).statusCode).toBe(404);
  });
});

describe("family members", () => {
  it("invites a new address, and links a family member of the school to a sibling at once", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const [sofia, leo] = [await createStudent(d.as), await createStudent(d.as, { first_name: "Leo" })];
    const email = `${uniq("laura")}@test.convive`;
    const first = await d.as({
      method: "POST",
      url: `/api/students/${sofia.id}/family-members`,
      payload: {
        email,
        first_name: "Laura",
        paternal_surname: "García",
        rfc: "gall850312ab1",
        phone: "55 2345 6789",
        alternate_phone: "55 9999 0000",
        relationship: "mother",
        can_pick_up: true,
        is_emergency_contact: true,
        address: ADDRESS,
        observations: "Trabaja por las tardes",
      },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      family_member: null,
      invitation: {
        email,
        first_name: "Laura",
        cell_phone: "55 2345 6789",
        profile_template: "familiar",
        students: [{ id: sofia.id, relationship: "mother", can_pick_up: true, is_emergency_contact: true }],
      },
    });
    // Nothing is linked until the person accepts.
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const parent = await plainMember(t.db, d.school, "familiar");
    const linked = await d.as({
      method: "POST",
      url: `/api/students/${leo.id}/family-members`,
      payload: { email: parent.email.toUpperCase(), first_name: "Otra", relationship: "mother", rfc: "gall850312ab1" },
    });
    expect(linked.json().data).toMatchObject({
      invitation: null,
      family_member: { user_id: parent.id, first_name: "Ana", rfc: "GALL850312AB1", relationship: "mother" },
    });
    const accounts = (await d.as({ method: "GET", url: `/api/family-members?search=${parent.email}` })).json().data;
    expect(accounts.total).toBe(1);
    expect(accounts.family_members[0].students.map((s: { id: number }) => s.id)).toEqual([leo.id]);

    const again = await d.as({
      method: "POST",
      url: `/api/students/${leo.id}/family-members`,
      payload: { email: parent.email, first_name: "Laura", relationship: "tutor" },
    });
    expect(again.json().code).toBe("ALREADY_LINKED");
    const list = (await d.as({ method: "GET", url: `/api/students/${leo.id}/family-members` })).json().data;
    expect(list.family_members).toHaveLength(1);
    const [member] = await t.db
      .select({ profileId: memberships.profileId })
      .from(memberships)
      .where(and(eq(memberships.schoolId, d.school.id), eq(memberships.userId, parent.id)));
    expect(member!.profileId).toBe(d.school.profileIds.familiar);
  });

  it("edits and unlinks a member, and refuses staff e-mails and bad RFCs", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const s = await createStudent(d.as);
    const jorge = await createUser(t.db, { firstName: "Jorge", passwordUpdated: 0 });
    await addMember(t.db, d.school.id, jorge.id, d.school.profileIds.familiar);
    const added = (
      await d.as({
        method: "POST",
        url: `/api/students/${s.id}/family-members`,
        payload: { email: jorge.email, first_name: "Jorge", relationship: "father" },
      })
    ).json().data.family_member;
    // An account only this school has and nobody used yet: the school may still fix its names.
    const patched = await d.as({
      method: "PATCH",
      url: `/api/students/${s.id}/family-members/${added.user_id}`,
      payload: { relationship: "grandparents", can_pick_up: true, phone: "55 1234 5678", paternal_surname: "Ruiz" },
    });
    expect(patched.json().data.family_member).toMatchObject({
      relationship: "grandparents",
      can_pick_up: true,
      phone: "55 1234 5678",
      paternal_surname: "Ruiz",
    });
    const before = await peopleSnapshot(t.db, d.school.id);
    const rfc = await d.as({
      method: "PATCH",
      url: `/api/students/${s.id}/family-members/${added.user_id}`,
      headers: { "x-language": "en" },
      payload: { rfc: "GODE561331GR8" },
    });
    expect(rfc.json().errors).toEqual({ rfc: "The RFC is not valid (natural person: 13 characters)." });
    const relation = await d.as({
      method: "POST",
      url: `/api/students/${s.id}/family-members`,
      payload: { email: `${uniq("p")}@test.convive`, first_name: "X", relationship: "neighbour" },
    });
    expect(Object.keys(relation.json().errors)).toEqual(["relationship"]);
    const staff = await d.as({
      method: "POST",
      url: `/api/students/${s.id}/family-members`,
      payload: { email: d.user.email, first_name: "X", relationship: "father" },
    });
    expect([staff.statusCode, staff.json().code]).toEqual([409, "MEMBER_NOT_FAMILIAR"]);
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);

    const removed = await d.as({ method: "DELETE", url: `/api/students/${s.id}/family-members/${added.user_id}` });
    expect(removed.json().data).toEqual({ id: added.user_id });
    expect(
      (await d.as({ method: "GET", url: `/api/students/${s.id}/family-members` })).json().data.family_members,
    ).toEqual([]);
    const [account] = await t.db.select().from(users).where(eq(users.id, added.user_id));
    expect(account).toBeDefined();
  });
});

describe("students: permissions and other schools", () => {
  it("gives a Docente nothing and a read-only profile only the reads", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const s = await createStudent(d.as);
    const parent = await plainMember(t.db, d.school, "familiar");
    const docente = await memberOf(t.app, t.db, "docente", d.school);
    const reader = await customMember(t.app, t.db, d.school, [STUDENTS("read"), STUDENTS("search")]);
    const before = await peopleSnapshot(t.db, d.school.id);
    const writes = [
      { method: "POST" as const, url: "/api/students", payload: { enrollment: uniq("X"), first_name: "X" } },
      { method: "PATCH" as const, url: `/api/students/${s.id}`, payload: { first_name: "Y" } },
      { method: "DELETE" as const, url: `/api/students/${s.id}` },
      {
        method: "POST" as const,
        url: `/api/students/${s.id}/family-members`,
        payload: { email: `${uniq("p")}@test.convive`, first_name: "X", relationship: "father" },
      },
      { method: "PATCH" as const, url: `/api/students/${s.id}/family-members/${parent.id}`, payload: { phone: "1" } },
      { method: "DELETE" as const, url: `/api/students/${s.id}/family-members/${parent.id}` },
    ];
    for (const call of writes) {
      expect((await docente.as(call)).statusCode, call.url).toBe(403);
      expect((await reader.as(call)).statusCode, call.url).toBe(403);
    }
    for (const url of [
      "/api/students",
      `/api/students/${s.id}`,
      `/api/students/${s.id}/family-members`,
      "/api/family-members",
    ]) {
      expect((await docente.as({ method: "GET", url })).statusCode, url).toBe(403);
      expect((await reader.as({ method: "GET", url })).statusCode, url).toBe(200);
    }
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);
  });

  it("answers 404 for another school's students and family members and changes nothing", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const s = await createStudent(a.as);
    const laura = await plainMember(t.db, a.school, "familiar");
    const parent = (
      await a.as({
        method: "POST",
        url: `/api/students/${s.id}/family-members`,
        payload: { email: laura.email, first_name: "Laura", relationship: "mother" },
      })
    ).json().data.family_member;
    const invited = (
      await a.as({
        method: "POST",
        url: `/api/students/${s.id}/family-members`,
        payload: { email: `${uniq("p")}@test.convive`, first_name: "Jorge", relationship: "father" },
      })
    ).json().data.invitation;
    const b = await memberOf(t.app, t.db, "director");
    const before = await peopleSnapshot(t.db, a.school.id);
    const calls = [
      { method: "GET" as const, url: `/api/students/${s.id}` },
      { method: "PATCH" as const, url: `/api/students/${s.id}`, payload: { first_name: "Hack" } },
      { method: "DELETE" as const, url: `/api/students/${s.id}` },
      { method: "GET" as const, url: `/api/students/${s.id}/family-members` },
      {
        method: "POST" as const,
        url: `/api/students/${s.id}/family-members`,
        payload: { email: `${uniq("p")}@test.convive`, first_name: "X", relationship: "father" },
      },
      {
        method: "PATCH" as const,
        url: `/api/students/${s.id}/family-members/${parent.user_id}`,
        payload: { phone: "1" },
      },
      { method: "DELETE" as const, url: `/api/students/${s.id}/family-members/${parent.user_id}` },
      { method: "POST" as const, url: `/api/students/${s.id}/family-invitations/${invited.id}/resend` },
      { method: "DELETE" as const, url: `/api/students/${s.id}/family-invitations/${invited.id}` },
    ];
    for (const call of calls) expect((await b.as(call)).statusCode, call.url).toBe(404);
    expect((await b.as({ method: "GET", url: "/api/family-members" })).json().data.total).toBe(0);
    expect(await peopleSnapshot(t.db, a.school.id)).toEqual(before);
  });
});
