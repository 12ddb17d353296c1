import { perm } from "@convive/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grades, groups, sections, studentGroups, students } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf, uniq } from "../helpers/factories.ts";
import { customMember, structureSnapshot } from "../helpers/master-configuration.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type As = Awaited<ReturnType<typeof memberOf>>["as"];
const year = (as: As, body: Record<string, unknown>) => as({ method: "POST", url: "/api/school-years", payload: body });
const period = (as: As, yearId: number, body: Record<string, unknown>) =>
  as({ method: "POST", url: `/api/school-years/${yearId}/periods`, payload: body });
const Y2025 = { name: "2025-2026", starts_on: "2025-08-25", ends_on: "2026-07-10" };
const Y2026 = { name: "2026-2027", starts_on: "2026-08-24", ends_on: "2027-07-09" };

describe("school years", () => {
  it("creates years and periods; the first year becomes current and is_current moves it", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    const first = await year(as, Y2025);
    expect(first.statusCode, first.body).toBe(201);
    const a = first.json().data.school_year;
    expect(a).toMatchObject({ ...Y2025, is_current: true, closed_at: null, periods: [], groups_count: 0 });

    const p1 = await period(as, a.id, { name: "Trimestre 1", starts_on: "2025-08-25", ends_on: "2025-11-28" });
    expect(p1.statusCode, p1.body).toBe(201);
    expect(p1.json().data.period).toMatchObject({ order: 1, school_year_id: a.id });
    const p2 = await period(as, a.id, { name: "Trimestre 2", starts_on: "2025-12-01", ends_on: "2026-03-20" });
    expect(p2.json().data.period.order).toBe(2);
    const edited = await as({
      method: "PATCH",
      url: `/api/school-years/${a.id}/periods/${p2.json().data.period.id}`,
      payload: { name: "T2" },
    });
    expect(edited.json().data.period).toMatchObject({ name: "T2", starts_on: "2025-12-01" });

    const second = await year(as, Y2026);
    expect(second.json().data.school_year.is_current).toBe(false);
    const b = second.json().data.school_year;
    const moved = await as({ method: "PATCH", url: `/api/school-years/${b.id}`, payload: { is_current: true } });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = (await as({ method: "GET", url: "/api/school-years" })).json().data.school_years;
    expect(list.map((y: { id: number; is_current: boolean }) => [y.id, y.is_current])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    expect(list[1].periods.map((p: { name: string }) => p.name)).toEqual(["Trimestre 1", "T2"]);
    const periods = await as({ method: "GET", url: `/api/school-years/${a.id}/periods` });
    expect(periods.json().data.periods).toHaveLength(2);
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const { as, school } = await memberOf(t.app, t.db, "director");
    const { school_year: y } = (await year(as, Y2025)).json().data;
    const before = await structureSnapshot(t.db, school.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...Y2026, name: "" }, "name", "Campos vacíos"],
      [{ starts_on: Y2026.starts_on, ends_on: Y2026.ends_on }, "name", "Campos vacíos"],
      [{ ...Y2026, starts_on: "2026-13-01" }, "starts_on", "Revisa los datos marcados."],
      [{ ...Y2026, ends_on: "" }, "ends_on", "Campos vacíos"],
      [{ ...Y2026, ends_on: Y2026.starts_on }, "ends_on", "La fecha de fin debe ser posterior a la de inicio."],
    ];
    for (const [body, field, message] of cases) {
      const res = await year(as, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toBe(message);
    }
    const badPeriod = await period(as, y.id, { name: "P", starts_on: "2025-09-10", ends_on: "2025-09-01" });
    expect(badPeriod.json()).toMatchObject({ code: "DATE_RANGE", errors: { ends_on: expect.any(String) } });
    const english = await as({
      method: "PATCH",
      url: `/api/school-years/${y.id}`,
      headers: { "accept-language": "en" },
      payload: { name: "   " },
    });
    expect(english.statusCode).toBe(422);
    expect(english.json().errors.name).toBe("empty fields");
    expect(await structureSnapshot(t.db, school.id)).toEqual(before);
  });

  it("keeps years and periods from overlapping and periods inside their year", async () => {
    const { as, school } = await memberOf(t.app, t.db, "director");
    const { school_year: y } = (await year(as, Y2025)).json().data;
    await period(as, y.id, { name: "B1", starts_on: "2025-08-25", ends_on: "2025-10-31" });
    const before = await structureSnapshot(t.db, school.id);

    const overlapping = await year(as, { name: "x", starts_on: "2026-07-10", ends_on: "2027-06-30" });
    expect(overlapping.statusCode).toBe(422);
    expect(overlapping.json()).toMatchObject({ code: "DATES_OVERLAP", errors: { starts_on: expect.any(String) } });
    const inside = await period(as, y.id, { name: "B2", starts_on: "2025-10-31", ends_on: "2025-12-19" });
    expect(inside.json().code).toBe("DATES_OVERLAP");
    const outside = await period(as, y.id, { name: "B6", starts_on: "2026-06-01", ends_on: "2026-07-31" });
    expect(outside.json()).toMatchObject({ code: "PERIOD_OUTSIDE_YEAR", errors: { ends_on: expect.any(String) } });
    const shrink = await as({
      method: "PATCH",
      url: `/api/school-years/${y.id}`,
      payload: { starts_on: "2025-09-01" },
    });
    expect(shrink.json()).toMatchObject({ code: "PERIOD_OUTSIDE_YEAR", errors: { starts_on: expect.any(String) } });
    expect(await structureSnapshot(t.db, school.id)).toEqual(before);

    // Back to back is fine: the ranges only must not share a day.
    expect((await year(as, { name: "2026", starts_on: "2026-07-11", ends_on: "2027-07-01" })).statusCode).toBe(201);
  });

  it("keeps exactly one current year: it cannot be unset, closed, or deleted while others exist", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    const a = (await year(as, Y2025)).json().data.school_year;
    const b = (await year(as, Y2026)).json().data.school_year;
    const unset = await as({ method: "PATCH", url: `/api/school-years/${a.id}`, payload: { is_current: false } });
    expect(unset.json()).toMatchObject({ code: "CURRENT_YEAR_REQUIRED", errors: { is_current: expect.any(String) } });
    const close = await as({ method: "POST", url: `/api/school-years/${a.id}/close` });
    expect([close.statusCode, close.json().code]).toEqual([409, "YEAR_IS_CURRENT"]);
    const del = await as({ method: "DELETE", url: `/api/school-years/${a.id}` });
    expect([del.statusCode, del.json().code]).toEqual([409, "YEAR_IS_CURRENT"]);
    // Creating with is_current takes the flag over in one step.
    const c = await year(as, { name: "2027", starts_on: "2027-08-23", ends_on: "2028-07-07", is_current: true });
    expect(c.json().data.school_year.is_current).toBe(true);
    const list = (await as({ method: "GET", url: "/api/school-years" })).json().data.school_years;
    expect(list.filter((y: { is_current: boolean }) => y.is_current)).toHaveLength(1);
    expect((await as({ method: "DELETE", url: `/api/school-years/${b.id}` })).statusCode).toBe(200);
  });

  it("deletes only empty years", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    const a = (await year(as, Y2025)).json().data.school_year;
    const p = (await period(as, a.id, { name: "P1", starts_on: "2025-09-01", ends_on: "2025-10-01" })).json().data
      .period;
    const inUse = await as({ method: "DELETE", url: `/api/school-years/${a.id}` });
    expect([inUse.statusCode, inUse.json().code]).toEqual([409, "IN_USE"]);
    expect((await as({ method: "DELETE", url: `/api/school-years/${a.id}/periods/${p.id}` })).statusCode).toBe(200);
    // The school's only year may go even though it is current.
    expect((await as({ method: "DELETE", url: `/api/school-years/${a.id}` })).json().data).toEqual({ id: a.id });
    expect((await as({ method: "GET", url: "/api/school-years" })).json().data.school_years).toEqual([]);
  });

  it("makes a closed year read-only and lists it in cycle-details with its groups and students", async () => {
    const { as, school } = await memberOf(t.app, t.db, "director");
    const old = (await year(as, Y2025)).json().data.school_year;
    const p = (await period(as, old.id, { name: "P1", starts_on: "2025-09-01", ends_on: "2025-10-01" })).json().data;
    const [section] = await t.db.insert(sections).values({ schoolId: school.id, name: "Primaria" }).returning();
    const [grade] = await t.db
      .insert(grades)
      .values({ schoolId: school.id, sectionId: section!.id, name: "1°" })
      .returning();
    const [group] = await t.db
      .insert(groups)
      .values({ schoolId: school.id, gradeId: grade!.id, schoolYearId: old.id, name: "A" })
      .returning();
    const [student] = await t.db
      .insert(students)
      .values({ schoolId: school.id, enrollment: uniq("m"), firstName: "Leo", paternalSurname: "Ruiz" })
      .returning();
    await t.db
      .insert(studentGroups)
      .values({ schoolId: school.id, studentId: student!.id, schoolYearId: old.id, groupId: group!.id });
    const next = (await year(as, Y2026)).json().data.school_year;
    await as({ method: "PATCH", url: `/api/school-years/${next.id}`, payload: { is_current: true } });

    const closed = await as({ method: "POST", url: `/api/school-years/${old.id}/close` });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.school_year.closed_at).toEqual(expect.any(String));
    const before = await structureSnapshot(t.db, school.id);
    const writes = [
      { method: "PATCH", url: `/api/school-years/${old.id}`, payload: { name: "x" } },
      { method: "PATCH", url: `/api/school-years/${old.id}`, payload: { is_current: true } },
      { method: "POST", url: `/api/school-years/${old.id}/close` },
      { method: "DELETE", url: `/api/school-years/${old.id}` },
      {
        method: "POST",
        url: `/api/school-years/${old.id}/periods`,
        payload: { name: "P2", starts_on: "2025-11-01", ends_on: "2025-12-01" },
      },
      { method: "PATCH", url: `/api/school-years/${old.id}/periods/${p.period.id}`, payload: { name: "x" } },
      { method: "DELETE", url: `/api/school-years/${old.id}/periods/${p.period.id}` },
      { method: "POST", url: "/api/groups", payload: { grade_id: grade!.id, school_year_id: old.id, name: "B" } },
      { method: "PATCH", url: `/api/groups/${group!.id}`, payload: { name: "Z" } },
      { method: "DELETE", url: `/api/groups/${group!.id}` },
    ] as const;
    for (const call of writes) {
      const res = await as({ ...call });
      expect([res.statusCode, res.json().code], `${call.method} ${call.url}`).toEqual([409, "YEAR_CLOSED"]);
    }
    expect(await structureSnapshot(t.db, school.id)).toEqual(before);

    const list = await as({ method: "GET", url: "/api/cycle-details" });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.school_years).toEqual([
      expect.objectContaining({
        id: old.id,
        students_count: 1,
        groups: [expect.objectContaining({ id: group!.id, name: "A", grade_name: "1°", students_count: 1 })],
      }),
    ]);
    const detail = (await as({ method: "GET", url: `/api/cycle-details/${old.id}` })).json().data.school_year;
    expect(detail.groups[0].students).toEqual([
      {
        id: student!.id,
        enrollment: student!.enrollment,
        first_name: "Leo",
        paternal_surname: "Ruiz",
        maternal_surname: "",
        status: "active",
      },
    ]);
    expect((await as({ method: "GET", url: `/api/cycle-details/${next.id}` })).statusCode).toBe(404);
  });
});

describe("school years: permissions and other schools", () => {
  it("gives a Docente 403 on every call and a read-only profile reads but never writes", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const y = (await year(director.as, Y2025)).json().data.school_year;
    const p = (await period(director.as, y.id, { name: "P", starts_on: "2025-09-01", ends_on: "2025-10-01" })).json()
      .data.period;
    const docente = await memberOf(t.app, t.db, "docente", director.school);
    const reader = await customMember(t.app, t.db, director.school, [perm("master-configuration-school-year", "read")]);
    const before = await structureSnapshot(t.db, director.school.id);
    const writes = [
      { method: "POST", url: "/api/school-years", payload: Y2026 },
      { method: "PATCH", url: `/api/school-years/${y.id}`, payload: { name: "x" } },
      { method: "DELETE", url: `/api/school-years/${y.id}` },
      { method: "POST", url: `/api/school-years/${y.id}/close` },
      {
        method: "POST",
        url: `/api/school-years/${y.id}/periods`,
        payload: { name: "Q", starts_on: "2025-11-01", ends_on: "2025-12-01" },
      },
      { method: "PATCH", url: `/api/school-years/${y.id}/periods/${p.id}`, payload: { name: "x" } },
      { method: "DELETE", url: `/api/school-years/${y.id}/periods/${p.id}` },
    ] as const;
    const reads = ["/api/school-years", `/api/school-years/${y.id}/periods`, "/api/cycle-details"];
    for (const call of writes) {
      expect((await docente.as({ ...call })).statusCode, `docente ${call.method} ${call.url}`).toBe(403);
      expect((await reader.as({ ...call })).statusCode, `reader ${call.method} ${call.url}`).toBe(403);
    }
    for (const url of reads) expect((await docente.as({ method: "GET", url })).statusCode, url).toBe(403);
    expect((await reader.as({ method: "GET", url: "/api/school-years" })).statusCode).toBe(200);
    expect((await reader.as({ method: "GET", url: `/api/school-years/${y.id}/periods` })).statusCode).toBe(200);
    // Past years are their own area.
    expect((await reader.as({ method: "GET", url: "/api/cycle-details" })).statusCode).toBe(403);
    const historian = await customMember(t.app, t.db, director.school, [
      perm("master-configuration-past-school-years", "read"),
    ]);
    expect((await historian.as({ method: "GET", url: "/api/cycle-details" })).statusCode).toBe(200);
    expect((await historian.as({ method: "GET", url: "/api/school-years" })).statusCode).toBe(403);
    expect(await structureSnapshot(t.db, director.school.id)).toEqual(before);
  });

  it("answers 404 to another school's ids and changes nothing", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const y = (await year(a.as, Y2025)).json().data.school_year;
    const p = (await period(a.as, y.id, { name: "P", starts_on: "2025-09-01", ends_on: "2025-10-01" })).json().data
      .period;
    const b = await memberOf(t.app, t.db, "director");
    const own = (await year(b.as, Y2026)).json().data.school_year;
    const before = await structureSnapshot(t.db, a.school.id);
    const calls = [
      { method: "PATCH", url: `/api/school-years/${y.id}`, payload: { is_current: true } },
      { method: "DELETE", url: `/api/school-years/${y.id}` },
      { method: "POST", url: `/api/school-years/${y.id}/close` },
      { method: "GET", url: `/api/school-years/${y.id}/periods` },
      {
        method: "POST",
        url: `/api/school-years/${y.id}/periods`,
        payload: { name: "Q", starts_on: "2025-11-01", ends_on: "2025-12-01" },
      },
      { method: "PATCH", url: `/api/school-years/${y.id}/periods/${p.id}`, payload: { name: "x" } },
      { method: "DELETE", url: `/api/school-years/${y.id}/periods/${p.id}` },
      // A's period through B's own year.
      { method: "PATCH", url: `/api/school-years/${own.id}/periods/${p.id}`, payload: { name: "x" } },
      { method: "DELETE", url: `/api/school-years/${own.id}/periods/${p.id}` },
      { method: "GET", url: `/api/cycle-details/${y.id}` },
    ] as const;
    for (const call of calls) {
      const res = await b.as({ ...call });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect(await structureSnapshot(t.db, a.school.id)).toEqual(before);
    // B's list never shows A's year.
    const listed = (await b.as({ method: "GET", url: "/api/school-years" })).json().data.school_years;
    expect(listed.map((x: { id: number }) => x.id)).toEqual([own.id]);
  });
});
