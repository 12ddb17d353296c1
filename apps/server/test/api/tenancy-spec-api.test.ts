import { SETUP_STAGES } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  grades,
  groups,
  helpVideos,
  periods,
  profiles,
  schoolYears,
  sections,
  students,
  subjects,
  teachingAssignments,
} from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, createUser, memberOf, uniq } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const allFalse = Object.fromEntries(SETUP_STAGES.map((s) => [s, false]));

describe("school information", () => {
  it("answers the spec defaults for a new school", async () => {
    const { as, school } = await memberOf(t.app, t.db, "docente");
    const res = await as({ method: "GET", url: "/api/schoolInformation" });
    expect(res.statusCode, res.body).toBe(200);
    const [first] = res.json().data.SchoolInformations;
    expect(first).toMatchObject({
      id: school.id,
      max_file_size_in_mb: 2,
      logo: null,
      institutional_color_1: "#090d18",
      institutional_color_2: "#ff9800",
      institutional_color_3: "#73abd6",
      institutional_color_4: "#e66465",
    });
  });
});

describe("setup completion", () => {
  it("reports the seven stages, each turning true as its rows appear", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const id = director.school.id;
    const stages = async () => {
      const res = await director.as({ method: "GET", url: "/api/school_years/percentage-completed" });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const first = await stages();
    expect(first.stages_completed).toEqual(allFalse);
    expect(first).toMatchObject({ completed: 0, total: 7, percentage: 0, missing: [...SETUP_STAGES] });

    const expected: Record<string, boolean> = { ...allFalse };
    const step = async (stage: string, add: () => Promise<unknown>) => {
      await add();
      expected[stage] = true;
      expect((await stages()).stages_completed, `after ${stage}`).toEqual(expected);
    };
    const [year] = await t.db
      .insert(schoolYears)
      .values({ schoolId: id, name: "2026-2027", startsOn: "2026-08-24", endsOn: "2027-07-09", isCurrent: true })
      .returning();
    expected.schoolYear = true;
    expect((await stages()).stages_completed).toEqual(expected);
    const y = year!.id;
    await step("periods", () =>
      t.db
        .insert(periods)
        .values({ schoolId: id, schoolYearId: y, name: "1", order: 1, startsOn: "2026-08-24", endsOn: "2026-11-30" }),
    );
    const [section] = await t.db.insert(sections).values({ schoolId: id, name: "Primaria" }).returning();
    let gradeId = 0;
    await step("grades", async () => {
      const [grade] = await t.db
        .insert(grades)
        .values({ schoolId: id, sectionId: section!.id, name: "1°" })
        .returning();
      gradeId = grade!.id;
    });
    await step("groups", () => t.db.insert(groups).values({ schoolId: id, gradeId, schoolYearId: y, name: "A" }));
    await step("subjects", () => t.db.insert(subjects).values({ schoolId: id, name: "Matemáticas" }));
    await step("students", () =>
      t.db.insert(students).values({ schoolId: id, enrollment: uniq("m"), firstName: "Leo" }),
    );
    await step("users", async () => {
      const teacher = await createUser(t.db);
      await addMember(t.db, id, teacher.id, director.school.profileIds.docente);
    });
    expect(await stages()).toMatchObject({ completed: 7, percentage: 100, missing: [] });
  });

  it("is closed to a Docente", async () => {
    const { as } = await memberOf(t.app, t.db, "docente");
    const res = await as({
      method: "GET",
      url: "/api/school_years/percentage-completed",
      headers: { "accept-language": "en" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "You do not have permission for this action.", code: "FORBIDDEN" });
  });
});

describe("users", () => {
  it("reads the user with roles, permissions and what they teach", async () => {
    const docente = await memberOf(t.app, t.db, "docente");
    const id = docente.school.id;
    const [year] = await t.db
      .insert(schoolYears)
      .values({ schoolId: id, name: "2026", startsOn: "2026-08-24", endsOn: "2027-07-09", isCurrent: true })
      .returning();
    const [section] = await t.db.insert(sections).values({ schoolId: id, name: "Secundaria" }).returning();
    const [grade] = await t.db.insert(grades).values({ schoolId: id, sectionId: section!.id, name: "2°" }).returning();
    const [group] = await t.db
      .insert(groups)
      .values({ schoolId: id, gradeId: grade!.id, schoolYearId: year!.id, name: "B" })
      .returning();
    const [subject] = await t.db.insert(subjects).values({ schoolId: id, name: "Historia" }).returning();
    await t.db
      .insert(teachingAssignments)
      .values({ schoolId: id, userId: docente.user.id, groupId: group!.id, subjectId: subject!.id });

    const res = await docente.as({
      method: "GET",
      url: `/api/users/${docente.user.id}?include=roles,permissions,roles.permissions,sections,grades,subjects`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().data.user;
    expect(user.roles).toEqual([
      expect.objectContaining({
        id: docente.school.profileIds.docente,
        name: "Docente",
        permissions: expect.any(Array),
      }),
    ]);
    expect(user.permissions).toContain("incidents.create");
    expect(user.permissionsModules).toContain("module-incidents-registration");
    expect(user.domain).toBe(`${id}.localhost`);
    expect(user.sections).toEqual([{ id: section!.id, name: "Secundaria" }]);
    expect(user.grades).toEqual([{ id: grade!.id, name: "2°", group: { id: group!.id, name: "B" } }]);
    expect(user.subjects).toEqual([{ id: subject!.id, name: "Historia", group_id: group!.id }]);

    const bad = await docente.as({ method: "GET", url: `/api/users/${docente.user.id}?include=password` });
    expect(bad.statusCode).toBe(422);
  });

  it("lists the school's users, with e-mails only for those who manage users", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const docente = await memberOf(t.app, t.db, "docente", director.school);
    const full = await director.as({ method: "GET", url: "/api/users" });
    expect(full.statusCode).toBe(200);
    expect(
      full
        .json()
        .data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([director.user.id, docente.user.id].sort());
    expect(full.json().data[0]).toHaveProperty("email");
    const names = await docente.as({ method: "GET", url: "/api/users" });
    expect(names.statusCode).toBe(200);
    for (const row of names.json().data) {
      expect(row).toHaveProperty("first_name");
      expect(row).not.toHaveProperty("email");
    }
  });

  it("tells staff from families by the profile's template, whatever its name, and filters with ?staff=1", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const family = await memberOf(t.app, t.db, "familiar", director.school);
    await t.db
      .update(profiles)
      .set({ name: "Padres de familia" })
      .where(and(eq(profiles.schoolId, director.school.id), eq(profiles.id, director.school.profileIds.familiar)));
    const all = (await director.as({ method: "GET", url: "/api/users" })).json().data as {
      id: number;
      is_staff: boolean;
    }[];
    expect(all.find((u) => u.id === family.user.id)?.is_staff).toBe(false);
    expect(all.find((u) => u.id === director.user.id)?.is_staff).toBe(true);
    const staff = (await director.as({ method: "GET", url: "/api/users?staff=1" })).json().data as { id: number }[];
    expect(staff.map((u) => u.id)).toEqual([director.user.id]);
  });
});

describe("help videos", () => {
  it("answers the videos of a screen URL, in the language asked for", async () => {
    const screen = `/${uniq("pantalla")}`;
    await t.db.insert(helpVideos).values([
      { title: "Ayuda", videoUrl: "https://v.example/es.mp4", screenUrl: screen, language: "es" },
      { title: "Help", videoUrl: "https://v.example/en.mp4", screenUrl: screen, language: "en" },
    ]);
    const { as } = await memberOf(t.app, t.db, "docente");
    const all = await as({
      method: "POST",
      url: "/api/jitscore-modules/videos-by-url",
      payload: { url: `https://x.example${screen}/?a=1` },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.helpVideos.map((v: { title: string }) => v.title)).toEqual(["Ayuda", "Help"]);
    const en = await as({
      method: "POST",
      url: "/api/jitscore-modules/videos-by-url",
      payload: { url: screen, language: "en" },
    });
    expect(en.json().data.helpVideos).toEqual([
      expect.objectContaining({
        title: "Help",
        video_url: "https://v.example/en.mp4",
        screen_url: screen,
        language: "en",
      }),
    ]);
  });
});
