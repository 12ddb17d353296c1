import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accompanimentObservations,
  formativeActionCompletions,
  formativeActions,
  grades,
  groups,
  incidentCategories,
  incidents,
  incidentTypes,
  observationTypes,
  periods,
  profilePermissions,
  schoolYears,
  studentGroups,
  students,
} from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { uniq } from "../helpers/factories.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { pdfText } from "../helpers/pdf-text.ts";

/**
 * Issue 14 §1/§3: the strategic vision dashboard against a hand-counted school. Days are the school's
 * (America/Mexico_City, UTC−6 all year): `at(-2, 9)` is 09:00 two school days ago.
 */
const at = (offset: number, hour: number) =>
  new Date(`${schoolDay(offset)}T${String(hour).padStart(2, "0")}:00:00-06:00`);
const isoWeekday = (offset: number) => ((new Date(`${schoolDay(offset)}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

let t: TestApp;
let s: IncidentSchool;
const ids: Record<string, number> = {};
let minor: { id: number };
let verySerious: { id: number };
let tech: { id: number };
let previousPeriod: { id: number };
let grade2: { id: number };
let groupC: { id: number };
let c1: { id: number };

type As = IncidentSchool["director"]["as"];
const get = async (as: As, url: string, lang = "es") => {
  const res = await as({ method: "GET", url, headers: { "accept-language": lang } });
  return res;
};
const dashboard = async (as: As, query = "", lang = "es") => {
  const res = await get(as, `/api/strategic-vision${query}`, lang);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
};
/** What the archive lists for a dashboard link, as the same viewer: its count. */
const archiveCount = async (as: As, link: string) => {
  expect(link.startsWith("/incident-details?")).toBe(true);
  const res = await get(as, `/api/incidents/count?${link.split("?")[1]}`);
  if (res.statusCode !== 200) throw new Error(`${link}: ${res.statusCode} ${res.body}`);
  return res.json().data.total as number;
};

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  const schoolId = s.school.id;
  // The teacher's profile (Docente) is given the module, as a school may do; the other teacher's is the same
  // profile, so both see the dashboard — each only their groups and records.
  await t.db.insert(profilePermissions).values(
    ["module-strategic-vision", "strategic-vision.read"].map((permission) => ({
      schoolId,
      profileId: s.school.profileIds.docente,
      permission,
    })),
  );
  [previousPeriod] = (await t.db
    .insert(periods)
    .values({
      schoolId,
      schoolYearId: s.year.id,
      name: "Bimestre 1",
      order: 1,
      startsOn: s.year.startsOn,
      endsOn: schoolDay(-31),
    })
    .returning()) as unknown as [{ id: number }];
  await t.db
    .update(periods)
    .set({ startsOn: schoolDay(-30) })
    .where(eq(periods.id, s.period.id));
  [tech] = (await t.db
    .insert(incidentCategories)
    .values({ schoolId, nameEs: "Tecnología", nameEn: "Technology", order: 2 })
    .returning()) as unknown as [{ id: number }];
  [minor] = (await t.db
    .insert(incidentTypes)
    .values({ schoolId, categoryId: tech.id, nameEs: "Uso de celular", nameEn: "Phone use", classification: "minor" })
    .returning()) as unknown as [{ id: number }];
  [verySerious] = (await t.db
    .insert(incidentTypes)
    .values({
      schoolId,
      categoryId: s.category.id,
      nameEs: "Agresión física",
      nameEn: "Physical aggression",
      classification: "very-serious",
    })
    .returning()) as unknown as [{ id: number }];
  [grade2] = (await t.db
    .insert(grades)
    .values({ schoolId, sectionId: s.section.id, name: "2°", order: 2 })
    .returning()) as unknown as [{ id: number }];
  [groupC] = (await t.db
    .insert(groups)
    .values({ schoolId, gradeId: grade2.id, schoolYearId: s.year.id, name: "C" })
    .returning()) as unknown as [{ id: number }];
  [c1] = (await t.db
    .insert(students)
    .values({ schoolId, enrollment: uniq("MAT"), firstName: "Carla", paternalSurname: "Díaz" })
    .returning()) as unknown as [{ id: number }];
  await t.db.insert(studentGroups).values({ schoolId, studentId: c1.id, schoolYearId: s.year.id, groupId: groupC.id });

  const A = s.groupA.id;
  const B = s.groupB.id;
  const teacher = s.teacher.user.id;
  const serious = { typeId: s.type.id, categoryId: s.category.id, classification: "serious" };
  const phone = { typeId: minor.id, categoryId: tech.id, classification: "minor" };
  const physical = { typeId: verySerious.id, categoryId: s.category.id, classification: "very-serious" };
  // This period.
  ids.i1 = (
    await insertIncident(t.db, s, {
      students: [{ id: s.a1.id, groupId: A }],
      recordedBy: teacher,
      occurredAt: at(-2, 9),
      place: "Patio",
      ...serious,
    })
  ).id;
  ids.i2 = (
    await insertIncident(t.db, s, {
      students: [
        { id: s.a1.id, groupId: A },
        { id: s.b1.id, groupId: B, role: "affected" },
      ],
      recordedBy: teacher,
      occurredAt: at(-3, 9),
      place: "Salón",
      status: "closed",
      ...phone,
    })
  ).id;
  ids.i3 = (
    await insertIncident(t.db, s, {
      students: [{ id: s.a1.id, groupId: A }],
      recordedBy: teacher,
      occurredAt: at(-10, 12),
      place: "Patio",
      ...physical,
    })
  ).id;
  ids.i4 = (
    await insertIncident(t.db, s, {
      students: [{ id: s.b1.id, groupId: B }],
      recordedBy: s.director.user.id,
      occurredAt: at(-20, 9),
      place: null,
      ...serious,
    })
  ).id;
  ids.i5 = (
    await insertIncident(t.db, s, {
      students: [{ id: s.a2.id, groupId: A }],
      recordedBy: teacher,
      occurredAt: at(-5, 9),
      place: "Salón",
      status: "cancelled",
      ...phone,
    })
  ).id;
  ids.i6 = (
    await insertIncident(t.db, s, {
      students: [{ id: c1.id, groupId: groupC.id }],
      recordedBy: s.otherTeacher.user.id,
      occurredAt: at(-1, 9),
      place: " Patio ",
      status: "closed",
      ...serious,
    })
  ).id;
  // The period before.
  ids.i7 = (
    await insertIncident(t.db, s, {
      students: [{ id: s.a1.id, groupId: A }],
      recordedBy: teacher,
      occurredAt: at(-40, 9),
      ...serious,
    })
  ).id;
  ids.i8 = (
    await insertIncident(t.db, s, {
      students: [{ id: s.b1.id, groupId: B }],
      recordedBy: teacher,
      occurredAt: at(-50, 9),
      status: "closed",
      ...phone,
    })
  ).id;
  // Closing times: i2 one hour after, i6 three days after → median 1.5 days.
  await t.db
    .update(incidents)
    .set({ closedAt: new Date(at(-1, 9).getTime() + 3 * 86_400_000) })
    .where(eq(incidents.id, ids.i6));

  // Formative actions: overdue on i3; due later on i1; overdue on the cancelled i5 (not counted).
  const action = (incidentId: number, studentId: number, due: string) =>
    t.db.insert(formativeActions).values({
      schoolId,
      incidentId,
      studentId,
      guideline: "Diálogo reflexivo con el estudiante",
      responsibleId: teacher,
      startsOn: due,
      nextDueOn: due,
      createdBy: teacher,
    });
  await action(ids.i3, s.a1.id, schoolDay(-3));
  await action(ids.i1, s.a1.id, schoolDay(3));
  await action(ids.i5, s.a2.id, schoolDay(-2));

  // Observations: this period 2 positive + 1 neutral; the period before 1 positive.
  const [neutral] = await t.db
    .insert(observationTypes)
    .values({ schoolId, nameEs: "Comentario", kind: "neutral" })
    .returning();
  const observe = (studentId: number, typeId: number, offset: number) =>
    t.db.insert(accompanimentObservations).values({
      schoolId,
      studentId,
      observationTypeId: typeId,
      text: "Observación",
      observedOn: schoolDay(offset),
      recordedBy: teacher,
    });
  await observe(s.a1.id, s.observationType.id, -2);
  await observe(s.a1.id, s.observationType.id, -5);
  await observe(s.b1.id, neutral!.id, -3);
  await observe(s.a1.id, s.observationType.id, -40);
});
afterAll(() => t.close());

function weekdaysUntilToday(from: string) {
  let n = 0;
  for (let offset = 0; schoolDay(offset) >= from; offset--) {
    const day = new Date(`${schoolDay(offset)}T12:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) n++;
  }
  return n;
}

describe("strategic vision dashboard", () => {
  it("counts every figure of the period as counted by hand", async () => {
    const d = await dashboard(s.director.as);
    expect(d.scope).toBe("school");
    expect(d.range).toMatchObject({
      from: schoolDay(-30),
      to: s.period.endsOn,
      period: { id: s.period.id, name: "Bimestre 2" },
      previous: { name: "Bimestre 1", from: s.year.startsOn, to: schoolDay(-31) },
      today: schoolDay(0),
    });
    // i1, i2, i3, i4, i6 (i5 is cancelled); the period before: i7, i8.
    expect(d.incidents.current.value).toBe(5);
    expect(d.incidents.previous.value).toBe(2);
    const byClass = Object.fromEntries(
      d.by_classification.map(
        (c: { classification: string; current: { value: number }; previous: { value: number } }) => [
          c.classification,
          [c.current.value, c.previous.value],
        ],
      ),
    );
    expect(byClass).toEqual({ minor: [1, 1], serious: [3, 1], "very-serious": [1, 0] });
    expect(d.observations).toEqual({ current: 3, previous: 1, positive: 2, positive_previous: 1 });
    expect(d.ratio).toEqual({ value: 2 / 5, target: 4 });
    // Open now: i1 (2 days), i3 (10), i4 (20), i7 (40).
    expect(d.open.total.value).toBe(4);
    expect(d.open.ages.map((a: { bucket: string; value: number }) => [a.bucket, a.value])).toEqual([
      ["0-7", 1],
      ["8-30", 2],
      ["31+", 1],
    ]);
    // Closed this period: i2 (1 hour), i6 (3 days): median 36.5 hours.
    expect(d.time_to_close).toMatchObject({ median_days: 1.5, closed: { value: 2 } });
    expect(d.overdue_actions.value).toBe(1);
    const schoolDays = weekdaysUntilToday(schoolDay(-30));
    expect(d.per_school_day).toMatchObject({
      school_days: schoolDays,
      value: Math.round((5 / schoolDays) * 100) / 100,
    });

    const bars = (list: { label: string; value: number }[]) => list.map((b) => [b.label, b.value]);
    expect(bars(d.breakdowns.grade)).toEqual([
      ["Primaria 1°", 4],
      ["Primaria 2°", 1],
    ]);
    expect(bars(d.breakdowns.group)).toEqual([
      ["Primaria 1° A", 3],
      ["Primaria 1° B", 2],
      ["Primaria 2° C", 1],
    ]);
    expect(bars(d.breakdowns.category)).toEqual([
      ["Conducta", 4],
      ["Tecnología", 1],
    ]);
    expect(bars(d.breakdowns.type)).toEqual([
      ["Agresión verbal", 3],
      ["Agresión física", 1],
      ["Uso de celular", 1],
    ]);
    expect(bars(d.breakdowns.place)).toEqual([
      ["Patio", 3],
      ["Salón", 1],
    ]);
    expect(d.breakdowns.recorder.map((b: { key: string; value: number }) => [Number(b.key), b.value])).toEqual([
      [s.teacher.user.id, 3],
      [s.director.user.id, 1],
      [s.otherTeacher.user.id, 1],
    ]);
    const cells = new Map<string, number>();
    for (const [offset, hour] of [
      [-2, 9],
      [-3, 9],
      [-10, 12],
      [-20, 9],
      [-1, 9],
    ] as const) {
      const key = `${isoWeekday(offset)}:${hour}`;
      cells.set(key, (cells.get(key) ?? 0) + 1);
    }
    expect(
      new Map(
        d.heatmap.map((c: { weekday: number; hour: number; value: number }) => [`${c.weekday}:${c.hour}`, c.value]),
      ),
    ).toEqual(cells);
    // a1: i1, i2, i3 in the last 30 days; b1 only two.
    expect(d.early_warning).toEqual([
      expect.objectContaining({
        student: { id: s.a1.id, name: "Ana Pérez Ruiz", group: "Primaria 1° A" },
        incidents: 3,
      }),
    ]);
    // Open for 14 days or more (the default): i4, i7.
    expect(d.escalated.days).toBe(14);
    expect(d.escalated.total.value).toBe(2);
    expect(d.escalated.incidents.map((i: { id: number }) => i.id)).toEqual([ids.i7, ids.i4]);
    expect(d.setup).toMatchObject({ total: 7 });
  });

  it("opens the archive on exactly the incidents each figure, bar and cell counts", async () => {
    const d = await dashboard(s.director.as);
    const figures: { value: number; link: string }[] = [
      d.incidents.current,
      d.incidents.previous,
      ...d.by_classification.flatMap((c: { current: unknown; previous: unknown }) => [c.current, c.previous]),
      d.open.total,
      ...d.open.ages,
      d.time_to_close.closed,
      { value: d.incidents.current.value, link: d.per_school_day.link },
      ...Object.values(d.breakdowns).flat(),
      ...d.heatmap,
      ...d.early_warning.map((e: { incidents: number; link: string }) => ({ value: e.incidents, link: e.link })),
      d.escalated.total,
    ] as { value: number; link: string }[];
    expect(figures.length).toBeGreaterThan(25);
    for (const figure of figures)
      expect(await archiveCount(s.director.as, figure.link), figure.link).toBe(figure.value);
    // …and with a filter, for the teacher's scope too.
    const byGroup = await dashboard(s.director.as, `?group_id=${s.groupB.id}`);
    for (const bar of [byGroup.incidents.current, ...byGroup.breakdowns.type, ...byGroup.heatmap]) {
      expect(await archiveCount(s.director.as, bar.link), bar.link).toBe(bar.value);
    }
    const mine = await dashboard(s.teacher.as);
    for (const bar of [mine.incidents.current, ...mine.breakdowns.group, ...mine.open.ages]) {
      expect(await archiveCount(s.teacher.as, bar.link), bar.link).toBe(bar.value);
    }
  });

  it("narrows to a section, grade or group, and compares any period with the one before", async () => {
    const grade1 = await dashboard(s.director.as, `?grade_id=${s.grade.id}`);
    expect(grade1.incidents.current.value).toBe(4);
    expect(grade1.breakdowns.grade.map((b: { value: number }) => b.value)).toEqual([4]);
    expect(grade1.breakdowns.group.map((b: { label: string }) => b.label)).toEqual(["Primaria 1° A", "Primaria 1° B"]);
    const groupB = await dashboard(s.director.as, `?group_id=${s.groupB.id}`);
    expect(groupB.incidents.current.value).toBe(2);
    expect(groupB.breakdowns.grade).toEqual([]);
    // Observations of group B's students only (b1's neutral one).
    expect(groupB.observations).toMatchObject({ current: 1, positive: 0 });
    const section = await dashboard(s.director.as, `?section_id=${s.section.id}`);
    expect(section.incidents.current.value).toBe(5);
    const before = await dashboard(s.director.as, `?period_id=${previousPeriod.id}`);
    expect(before.range.period.name).toBe("Bimestre 1");
    expect(before.incidents.current.value).toBe(2);
    expect(before.incidents.previous).toBeNull();
    const year = await dashboard(s.director.as, `?school_year_id=${s.year.id}&period_id=${s.period.id}`);
    expect(year.incidents.current.value).toBe(5);
    // The whole year: i1–i4, i6, i7, i8; no year before to compare with.
    const whole = await dashboard(s.director.as, "?whole_year=1");
    expect(whole.range).toMatchObject({ from: s.year.startsOn, to: s.year.endsOn, period: null, previous: null });
    expect(whole.incidents).toMatchObject({ current: { value: 7 }, previous: null });
    expect(await archiveCount(s.director.as, whole.incidents.current.link)).toBe(7);
  });

  it("shows a teacher given the module only their groups and records; never a family", async () => {
    // The head teacher of A: i1, i2, i3 (group A) — i4 is B's and recorded by the director.
    const mine = await dashboard(s.teacher.as);
    expect(mine.scope).toBe("own");
    expect(mine.incidents.current.value).toBe(3);
    expect(mine.setup).toBeNull();
    // Their filters offer their own groups (A) alone, no sections or grades; the Director's every one.
    const options = async (as: As) => (await get(as, "/api/strategic-vision/options")).json().data;
    const theirs = await options(s.teacher.as);
    expect(theirs.groups.map((g: { id: number }) => g.id)).toEqual([s.groupA.id]);
    expect([theirs.sections, theirs.grades]).toEqual([[], []]);
    const all = await options(s.director.as);
    expect(all.groups.map((g: { id: number }) => g.id)).toEqual(expect.arrayContaining([s.groupA.id, s.groupB.id]));
    expect(all.sections.length).toBeGreaterThan(0);
    // Narrowed to their group: its incidents (i1, i2, i3), as the archive lists them for the teacher.
    const narrowed = await dashboard(s.teacher.as, `?group_id=${s.groupA.id}`);
    expect(narrowed.incidents.current.value).toBe(3);
    expect(await archiveCount(s.teacher.as, narrowed.incidents.current.link)).toBe(3);
    // The other teacher teaches B and recorded i6: i2 (A and B), i4, i6.
    const other = await dashboard(s.otherTeacher.as);
    expect(other.incidents.current.value).toBe(3);
    for (const url of ["", "/options", "/effectiveness", "/pdf", "/xlsx"]) {
      const res = await get(s.motherOfA1.as, `/api/strategic-vision${url}`);
      expect(res.statusCode, url).toBe(403);
    }
    // The coordinator's profile has strategic-vision.read and the module: the whole school.
    expect((await dashboard(s.coordinador.as)).incidents.current.value).toBe(5);
  });

  it("keeps each school's figures to itself", async () => {
    const other = await incidentSchool(t.app, t.db);
    const theirs = await dashboard(other.director.as);
    expect(theirs.incidents.current.value).toBe(0);
    for (const query of [
      `?group_id=${s.groupA.id}`,
      `?grade_id=${s.grade.id}`,
      `?section_id=${s.section.id}`,
      `?period_id=${s.period.id}`,
      `?school_year_id=${s.year.id}`,
    ]) {
      const res = await get(other.director.as, `/api/strategic-vision${query}`);
      expect(res.statusCode, query).toBe(404);
    }
    // Another school's token does not open this school.
    const res = await t.app.inject({
      method: "GET",
      url: "/api/strategic-vision",
      headers: { authorization: `Bearer ${other.director.token}`, "x-school-id": s.school.id },
    });
    expect(res.statusCode).toBe(404);
  });

  it("refuses malformed filters with the field named, in both languages", async () => {
    for (const [query, field] of [
      ["?period_id=abc", "period_id"],
      ["?group_id=0", "group_id"],
      ["?grade_id=-1", "grade_id"],
      ["?school_year_id=1.5", "school_year_id"],
    ] as const) {
      const res = await get(s.director.as, `/api/strategic-vision${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    // A period of another year of the school: 422 on period_id; a period that does not exist: 404.
    const [lastYear] = await t.db
      .insert(schoolYears)
      .values({
        schoolId: s.school.id,
        name: "2025-2026",
        startsOn: "2025-08-20",
        endsOn: "2026-07-05",
        isCurrent: false,
      })
      .returning();
    const [oldPeriod] = await t.db
      .insert(periods)
      .values({
        schoolId: s.school.id,
        schoolYearId: lastYear!.id,
        name: "Trimestre 3",
        order: 3,
        startsOn: "2026-04-01",
        endsOn: "2026-07-05",
      })
      .returning();
    for (const lang of ["es", "en"]) {
      const res = await get(
        s.director.as,
        `/api/strategic-vision?school_year_id=${s.year.id}&period_id=${oldPeriod!.id}`,
        lang,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.period_id).toBeTruthy();
    }
    const es = await get(s.director.as, `/api/strategic-vision?school_year_id=${s.year.id}&period_id=999999`);
    expect(es.statusCode).toBe(404);
  });

  it("exports the dashboard as a PDF and its tables as XLSX, in the reader's language", async () => {
    const pdf = await get(s.director.as, "/api/strategic-vision/pdf", "en");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.headers["content-disposition"]).toContain("strategic-vision-");
    // Numbers as a Mexican school writes them, in Spanish too (issue 26 §6): the ratio 2 positives to 5
    // incidents and a median of a day and a half, with the decimal point.
    const spanish = pdfText((await get(s.director.as, "/api/strategic-vision/pdf")).rawPayload);
    expect(spanish).toContain("0.4:1");
    expect(spanish).toMatch(/Mediana[^0-9]*1\.5\b/);
    expect(spanish).not.toMatch(/\b0,4\b|\b1,5\b/);
    const xlsx = await get(s.director.as, "/api/strategic-vision/xlsx");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toContain("vision-estrategica-");
    const ExcelJS = (await import("exceljs")).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const summary = book.getWorksheet("Resumen")!;
    expect(summary.getRow(2).values).toEqual([undefined, "Incidencias", 5, 2]);
    expect(book.getWorksheet("Por lugar")!.getRow(2).values).toEqual([undefined, "Patio", 3]);
  });

  it("lets the director set the escalation days, not a teacher", async () => {
    const put = (as: As, days: unknown) =>
      as({ method: "PUT", url: "/api/strategic-vision/settings", payload: { escalate_after_days: days } });
    expect((await put(s.teacher.as, 5)).statusCode).toBe(403);
    expect((await put(s.director.as, 0)).statusCode).toBe(422);
    expect((await put(s.director.as, 366)).statusCode).toBe(422);
    expect((await put(s.director.as, "7")).statusCode).toBe(422);
    const res = await put(s.director.as, 30);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ escalate_after_days: 30 });
    const options = (await get(s.director.as, "/api/strategic-vision/options")).json().data;
    expect(options.settings).toEqual({ escalate_after_days: 30, editable: true });
    expect(options.school_years[0].periods.map((p: { name: string }) => p.name)).toEqual(["Bimestre 1", "Bimestre 2"]);
    // The list follows at once: only i7 (40 days) is open for 30 days or more.
    const d = await dashboard(s.director.as);
    expect(d.escalated).toMatchObject({ days: 30, total: { value: 1 } });
    expect((await get(s.teacher.as, "/api/strategic-vision/options")).json().data.settings.editable).toBe(false);
    await put(s.director.as, 14);
  });
});

describe("effectiveness of formative actions", () => {
  it("compares students who completed an action with those of the same classification without it", async () => {
    const e = await effectivenessSchool();
    const res = await get(e.s.director.as, `/api/strategic-vision/effectiveness?period_id=${e.period}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.guidelines;
    expect(res.json().data).toMatchObject({ window_days: 30, min_cases: 10 });
    expect(rows).toEqual([
      {
        guideline: "Diálogo reflexivo con el estudiante",
        classification: "serious",
        cases: 10,
        recurred: 4,
        share: 0.4,
        without: { cases: 10, recurred: 7, share: 0.7 },
        enough: true,
      },
      {
        guideline: "Carta compromiso",
        classification: "serious",
        cases: 3,
        recurred: 3,
        share: null,
        without: { cases: 17, recurred: 8, share: null },
        enough: false,
      },
    ]);
  });
});

/**
 * 20 students each involved in one serious incident 60 days ago. Ten completed "Diálogo reflexivo…" two days later
 * (students 0–9; 0–3 have a new incident 50 days ago, inside the 30 days); three of them (0–2) also completed
 * "Carta compromiso". Of the ten without an action (10–19), seven have a new incident 50 days ago. The new
 * incidents are minor, so they are not cases themselves.
 */
async function effectivenessSchool() {
  const e = { s: await incidentSchool(t.app, t.db), period: 0 };
  const schoolId = e.s.school.id;
  const [period] = await t.db
    .insert(periods)
    .values({
      schoolId,
      schoolYearId: e.s.year.id,
      name: "Bimestre 1",
      order: 1,
      startsOn: e.s.year.startsOn,
      endsOn: schoolDay(-31),
    })
    .returning();
  e.period = period!.id;
  const [category] = await t.db.insert(incidentCategories).values({ schoolId, nameEs: "Otra" }).returning();
  const [minorType] = await t.db
    .insert(incidentTypes)
    .values({ schoolId, categoryId: category!.id, nameEs: "Leve", classification: "minor" })
    .returning();
  for (let n = 0; n < 20; n++) {
    const [student] = await t.db
      .insert(students)
      .values({ schoolId, enrollment: uniq("MAT"), firstName: `Estudiante ${n}` })
      .returning();
    await t.db
      .insert(studentGroups)
      .values({ schoolId, studentId: student!.id, schoolYearId: e.s.year.id, groupId: e.s.groupA.id });
    const seed = { students: [{ id: student!.id, groupId: e.s.groupA.id }], recordedBy: e.s.teacher.user.id };
    const incident = await insertIncident(t.db, e.s, { ...seed, occurredAt: at(-60, 9) });
    const complete = async (guideline: string) => {
      const [action] = await t.db
        .insert(formativeActions)
        .values({
          schoolId,
          incidentId: incident.id,
          studentId: student!.id,
          guideline,
          responsibleId: e.s.teacher.user.id,
          startsOn: schoolDay(-58),
          nextDueOn: null,
          createdBy: e.s.teacher.user.id,
        })
        .returning();
      await t.db.insert(formativeActionCompletions).values({
        schoolId,
        actionId: action!.id,
        occurrenceOn: schoolDay(-58),
        completedBy: e.s.teacher.user.id,
        completedAt: at(-58, 10),
      });
    };
    if (n < 10) await complete("Diálogo reflexivo con el estudiante");
    if (n < 3) await complete("Carta compromiso");
    if (n < 4 || (n >= 10 && n < 17)) {
      await insertIncident(t.db, e.s, {
        ...seed,
        occurredAt: at(-50, 9),
        typeId: minorType!.id,
        categoryId: category!.id,
        classification: "minor",
      });
    }
  }
  return e;
}
