import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";

/**
 * Teachers' and families' scopes read incidents.group_ids and student_ids: registration fills them and a correction
 * of the students or the group keeps them in step, so who sees the incident follows the correction at once.
 */
let t: TestApp;
let s: IncidentSchool;
beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
});
afterAll(() => t.close());

type As = IncidentSchool["director"]["as"];
const sees = async (as: As, folio: number) => {
  const res = await as({ method: "GET", url: `/api/incidents?q=${folio}` });
  expect(res.statusCode).toBe(200);
  return (res.json().data.incidents as { folio: number }[]).some((i) => i.folio === folio);
};

describe("scope upkeep on registration and corrections", () => {
  it("follows the students and the group of the incident", async () => {
    const created = await s.director.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { group_id: null, subject_id: null }),
    });
    expect(created.statusCode).toBe(201);
    const { id, folio } = created.json().data.incident as { id: number; folio: number };

    // a1 is in group A: its head teacher and a1's mother see it; group B's teacher and b1's father do not.
    expect(await sees(s.teacher.as, folio)).toBe(true);
    expect(await sees(s.motherOfA1.as, folio)).toBe(true);
    expect(await sees(s.otherTeacher.as, folio)).toBe(false);
    expect(await sees(s.fatherOfB1.as, folio)).toBe(false);

    const corrected = await s.director.as({
      method: "PATCH",
      url: `/api/incidents/${id}`,
      payload: { students: [{ student_id: s.b1.id, role: "involved" }] },
    });
    expect(corrected.statusCode).toBe(200);
    expect(await sees(s.teacher.as, folio)).toBe(false);
    expect(await sees(s.motherOfA1.as, folio)).toBe(false);
    expect(await sees(s.otherTeacher.as, folio)).toBe(true);
    expect(await sees(s.fatherOfB1.as, folio)).toBe(true);

    // Putting it in group A's class brings group A's teacher back, without the students changing.
    await s.director.as({ method: "PATCH", url: `/api/incidents/${id}`, payload: { group_id: s.groupA.id } });
    expect(await sees(s.teacher.as, folio)).toBe(true);
    expect(await sees(s.motherOfA1.as, folio)).toBe(false);
  });

  it("keeps a family's list in the incidents' order when a time is corrected", async () => {
    const register = async (minutesAgo: number) => {
      const res = await s.director.as({
        method: "POST",
        url: "/api/incidents",
        payload: registration(s, { occurred_at: new Date(Date.now() - minutesAgo * 60_000).toISOString() }),
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.incident as { id: number; folio: number };
    };
    const recent = await register(1);
    const older = await register(120);
    // Page by page (one a page): each page is found by walking the family's incidents in order.
    const order = async (as: As, sort = "-occurred_at") => {
      const folios: number[] = [];
      for (const page of [1, 2, 3]) {
        const res = await as({ method: "GET", url: `/api/incidents?sort=${sort}&per_page=1&page=${page}` });
        folios.push(...(res.json().data.incidents as { folio: number }[]).map((i) => i.folio));
      }
      return folios.filter((f) => f === recent.folio || f === older.folio);
    };
    expect(await order(s.motherOfA1.as)).toEqual([recent.folio, older.folio]);

    const moved = await s.director.as({
      method: "PATCH",
      url: `/api/incidents/${older.id}`,
      payload: { occurred_at: new Date(Date.now() - 30_000).toISOString() },
    });
    expect(moved.statusCode).toBe(200);
    expect(await order(s.motherOfA1.as)).toEqual([older.folio, recent.folio]);
    expect(await order(s.motherOfA1.as, "occurred_at")).toEqual([recent.folio, older.folio]);
    expect(await order(s.director.as)).toEqual(await order(s.motherOfA1.as));
  });
});
