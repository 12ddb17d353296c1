import { INCIDENT_LIMITS } from "@convive/domain";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/**
 * The archive over sets larger than its count cap and than the window its first plan walks: pages walk an index
 * in their order, totals stop at the cap, and a page asked "count later" comes without a count when it was found
 * without one. A school with BULK incidents of group A (student a1) plus two of group B.
 */
const BULK = 4500;
const CAPPED = { total: INCIDENT_LIMITS.countCap, total_capped: true };

let t: TestApp;
let s: IncidentSchool;
let x1: { id: number; folio: number };
let x2: { id: number; folio: number };

type As = IncidentSchool["director"]["as"];
const archive = async (as: As, query = "") => {
  const res = await as({ method: "GET", url: `/api/incidents?${query}` });
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    incidents: { id: number; folio: number; students: { id: number | null; name: string | null }[] }[];
    total: number | null;
    total_capped: boolean;
  };
};
const count = async (as: As, query = "") => {
  const res = await as({ method: "GET", url: `/api/incidents/count?${query}` });
  return { status: res.statusCode, body: res.json() as { data?: { total: number; total_capped: boolean } } };
};

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  const first = await insertIncident(t.db, s, {
    students: [{ id: s.a1.id, groupId: s.groupA.id }],
    recordedBy: s.director.user.id,
    occurredAt: new Date(Date.now() - 3_600_000),
  });
  await t.db.execute(sql`
    insert into incidents (school_id, folio, school_year_id, category_id, type_id, classification, detail, occurred_at,
                           group_id, group_ids, student_ids, visible_to_family, status, recorded_by)
    select school_id, folio + g, school_year_id, category_id, type_id, classification, detail,
           occurred_at - g * interval '1 minute', group_id, group_ids, student_ids, visible_to_family, status, recorded_by
      from incidents, generate_series(1, ${BULK - 1}) g
     where school_id = ${s.school.id} and id = ${first.id}`);
  await t.db.execute(sql`
    insert into incident_students (school_id, incident_id, student_id, role, group_id)
    select school_id, id, ${s.a1.id}, 'involved', group_id from incidents
     where school_id = ${s.school.id} and id <> ${first.id}`);
  await t.db.execute(sql`
    update incident_counters set last_folio = ${BULK} where school_id = ${s.school.id}`);
  x1 = await insertIncident(t.db, s, {
    students: [
      { id: s.b1.id, groupId: s.groupB.id },
      { id: s.a1.id, groupId: s.groupA.id, role: "witness" },
    ],
    groupId: s.groupB.id,
    recordedBy: s.otherTeacher.user.id,
    status: "closed",
    classification: "very-serious",
    detail: "Pelea a la salida.",
    occurredAt: new Date(Date.now() - 60_000),
  });
  x2 = await insertIncident(t.db, s, {
    students: [{ id: s.b1.id, groupId: s.groupB.id }],
    recordedBy: s.otherTeacher.user.id,
    classification: "minor",
    detail: "Olvidó el material.",
    occurredAt: new Date(Date.now() - 120_000),
  });
  await t.db.execute(sql`analyze`);
});
afterAll(() => t.close());

describe("archive over large sets", () => {
  it("walks a teacher's groups and counts them up to the cap", async () => {
    const page = await archive(s.teacher.as, "per_page=5");
    expect(page.incidents[0]!.id).toBe(x1.id);
    expect(page.incidents.map((i) => i.id)).not.toContain(x2.id);
    expect(page).toMatchObject(CAPPED);
    const second = await archive(s.teacher.as, "per_page=5&page=2");
    const folios = [...page.incidents.slice(1), ...second.incidents].map((i) => i.folio);
    // The bulk rows are a minute apart, newest with the lowest folio after the first.
    expect(folios).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("finds the incidents a group's student was in, among many of the group", async () => {
    const page = await archive(s.director.as, `group_id=${s.groupA.id}&status=closed`);
    expect(page.incidents.map((i) => i.id)).toEqual([x1.id]);
    expect(page.total).toBe(1);
    expect(await archive(s.director.as, `group_id=${s.groupA.id}`)).toMatchObject(CAPPED);
    expect((await archive(s.otherTeacher.as, `group_id=${s.groupA.id}`)).incidents.map((i) => i.id)).toEqual([x1.id]);
  });

  it("sorts by classification one index walk per classification", async () => {
    const worst = await archive(s.director.as, "sort=-classification&per_page=3");
    expect(worst.incidents.map((i) => i.id)).toEqual([x1.id, ...worst.incidents.slice(1).map((i) => i.id)]);
    expect(worst.incidents.slice(1).map((i) => i.folio)).toEqual([1, 2]);
    const mildest = await archive(s.director.as, "sort=classification&per_page=2");
    expect(mildest.incidents.map((i) => i.id)).toEqual([x2.id, mildest.incidents[1]!.id]);
    expect(mildest.incidents[1]!.folio).toBe(1);
    const last = await archive(s.director.as, `sort=-classification&per_page=1&page=${BULK + 2}`);
    expect(last.incidents.map((i) => i.id)).toEqual([x2.id]);
  });

  it("walks a family's many incidents, anonymised, and counts them", async () => {
    const page = await archive(s.motherOfA1.as, "per_page=3");
    expect(page.incidents[0]!.id).toBe(x1.id);
    expect(page.incidents[0]!.students.map((x) => x.name)).toEqual(["Ana Pérez Ruiz", null]);
    expect(page).toMatchObject(CAPPED);
  });

  it("lets a small predicate drive next to a large one", async () => {
    expect((await archive(s.teacher.as, "q=beto")).incidents.map((i) => i.id)).toEqual([x1.id]);
    expect((await archive(s.director.as, "q=beto")).incidents.map((i) => i.id)).toEqual([x1.id, x2.id]);
  });

  it("answers a page first and counts it on its own call (count=later), the same incidents either way", async () => {
    const now = await archive(s.teacher.as, "per_page=5");
    const later = await archive(s.teacher.as, "per_page=5&count=later");
    expect(later.incidents.map((i) => i.id)).toEqual(now.incidents.map((i) => i.id));
    expect(later).toMatchObject({ total: null, total_capped: false });
    expect(await count(s.teacher.as)).toEqual({ status: 200, body: { data: CAPPED } });

    // A rare combination is found with its count: nothing is left to count later.
    const rare = await archive(s.director.as, `group_id=${s.groupA.id}&status=closed&count=later`);
    expect(rare.incidents.map((i) => i.id)).toEqual([x1.id]);
    expect(rare).toMatchObject({ total: 1, total_capped: false });
    expect(await count(s.director.as, `group_id=${s.groupA.id}&status=closed`)).toMatchObject({
      body: { data: { total: 1, total_capped: false } },
    });
  });

  it("counts within the caller's scope, with the list's filters and refusals", async () => {
    expect((await count(s.otherTeacher.as, `group_id=${s.groupA.id}`)).body.data).toEqual({
      total: 1,
      total_capped: false,
    });
    expect((await count(s.fatherOfB1.as)).body.data).toEqual({ total: 2, total_capped: false });
    expect((await count(s.motherOfA1.as)).body.data).toEqual(CAPPED);
    // Another family's child does not exist for a family, as in the list.
    expect((await count(s.motherOfA1.as, `student_id=${s.b1.id}`)).status).toBe(404);
    expect((await count(s.director.as, "status=nope")).status).toBe(422);
  });

  it("keeps the order across the walked window and the deep pages past it", async () => {
    // Newest first: x1, x2, then folios 1, 2, 3…; a page of 100 at position p starts at folio 100 (p − 1) − 1.
    for (const page of [39, 40, 41]) {
      for (const mode of ["now", "later"]) {
        const got = await archive(s.director.as, `per_page=100&page=${page}&count=${mode}`);
        const first = 100 * (page - 1) - 1;
        expect(got.incidents.map((i) => i.folio)).toEqual(Array.from({ length: 100 }, (_, k) => first + k));
      }
    }
  });

  it("exports a large list", async () => {
    const res = await s.director.as({ method: "GET", url: `/api/incidents/export?group_id=${s.groupA.id}&sort=folio` });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(BULK + 2);
    expect(sheet.getRow(2).getCell(1).value).toBe(1);
    expect(sheet.getRow(BULK + 2).getCell(1).value).toBe(x1.folio);
  });
});
