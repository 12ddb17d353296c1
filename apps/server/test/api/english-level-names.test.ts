import { englishLevelName } from "@convive/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sections } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf, uniq } from "../helpers/factories.ts";
import { seedGroup } from "./people-helpers.ts";

/**
 * Issue 26 §6: a reader of English sees a level by its English name ("Primary") on every screen — the student's
 * file and the group's points said "Primaria" while the archive and the ratings said "Primary".
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("English level names", () => {
  it("the student's file and the group's points name the level Primary in English, Primaria in Spanish", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const { groupId, sectionId } = await seedGroup(t.db, d.school.id, null, ["Primaria", "3°", "A"]);
    await t.db
      .update(sections)
      .set({ nameEn: englishLevelName("Primaria") })
      .where(eq(sections.id, sectionId));
    const created = await d.as({
      method: "POST",
      url: "/api/students",
      payload: { enrollment: uniq("CDA"), first_name: "Sofía", paternal_surname: "Ramírez", group_id: groupId },
    });
    expect(created.statusCode).toBe(201);
    const studentId = created.json().data.student.id as number;

    const read = async (url: string, lang: "es" | "en") => {
      const res = await d.as({ method: "GET", url, headers: { "x-language": lang } });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const file = (lang: "es" | "en") => read(`/api/students/${studentId}/file`, lang);
    expect((await file("en")).file.student.group.section_name).toBe("Primary");
    expect((await file("es")).file.student.group.section_name).toBe("Primaria");

    const points = (lang: "es" | "en") => read(`/api/groups/${groupId}/points`, lang);
    expect((await points("en")).points.group.name).toBe("3° A Primary");
    expect((await points("es")).points.group.name).toBe("3° A Primaria");
  });
});
