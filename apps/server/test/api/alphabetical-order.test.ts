import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, createUser, memberOf, uniq } from "../helpers/factories.ts";
import { seedGroup } from "./people-helpers.ts";

/**
 * Issue 26 §6: lists follow the alphabet a school reads, "Ramírez" before "Ramos" — the databases' C collation put
 * every accented surname after "Z". Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SURNAMES = ["Ramos", "Zapata", "Ramírez", "Álvarez", "Ortiz"];
const ALPHABETICAL = ["Álvarez", "Ortiz", "Ramírez", "Ramos", "Zapata"];

describe("lists in alphabetical order", () => {
  it("the students of a school: Álvarez first, Ramírez before Ramos", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const { groupId } = await seedGroup(t.db, d.school.id);
    for (const surname of SURNAMES) {
      const res = await d.as({
        method: "POST",
        url: "/api/students",
        payload: { enrollment: uniq("CDA"), first_name: "Ana", paternal_surname: surname, group_id: groupId },
      });
      expect(res.statusCode).toBe(201);
    }
    const list = (await d.as({ method: "GET", url: "/api/students" })).json().data;
    expect(list.students.map((s: { paternal_surname: string }) => s.paternal_surname)).toEqual(ALPHABETICAL);

    // The registration's student picker lists the same roster in the same order.
    const picker = await d.as({ method: "GET", url: `/api/incidents/student-options?group_id=${groupId}` });
    expect(picker.statusCode).toBe(200);
    const names = picker.json().data.students.map((s: { name: string }) => s.name);
    expect(names).toEqual(ALPHABETICAL.map((surname) => `Ana ${surname}`));

    // The scorecard's student picker and the group's points panel: the class list, in the same order.
    const scorecard = await d.as({ method: "GET", url: `/api/scorecard/students?group_id=${groupId}` });
    expect(scorecard.statusCode, scorecard.body).toBe(200);
    expect(scorecard.json().data.students.map((s: { name: string }) => s.name)).toEqual(
      ALPHABETICAL.map((surname) => `Ana ${surname}`),
    );
    const points = await d.as({ method: "GET", url: `/api/groups/${groupId}/points` });
    expect(points.statusCode, points.body).toBe(200);
    expect(points.json().data.points.students.map((s: { name: string }) => s.name)).toEqual(
      ALPHABETICAL.map((surname) => `Ana ${surname}`),
    );
  });

  it("the users of a school: Ramírez before Ramos, the director's Prueba in its place", async () => {
    const d = await memberOf(t.app, t.db, "director");
    for (const surname of SURNAMES) {
      const user = await createUser(t.db, { email: `${uniq("u")}@test.convive` });
      await t.db.update(users).set({ paternalSurname: surname }).where(eq(users.id, user.id));
      await addMember(t.db, d.school.id, user.id, d.school.profileIds.docente);
    }
    const list = (await d.as({ method: "GET", url: "/api/school-users" })).json().data;
    expect(list.users.map((u: { paternal_surname: string }) => u.paternal_surname)).toEqual([
      "Álvarez",
      "Ortiz",
      "Prueba",
      "Ramírez",
      "Ramos",
      "Zapata",
    ]);
  });
});
