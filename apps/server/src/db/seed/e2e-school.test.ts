import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenDb, openDb } from "../client.ts";
import { incidents, memberships, notifications, schools, students, users } from "../schema/index.ts";
import { CLOSED_YEAR_INCIDENTS } from "./closed-year.ts";
import { COLEGIO_ID } from "./colegio-demo.ts";
import { DEMO_INCIDENTS, seedDemoIfEmpty } from "./demo.ts";
import { seedDemoSchoolCopy } from "./e2e-school.ts";

describe("a copy of the demo school for one browser spec", () => {
  let handle: OpenDb;

  beforeAll(async () => {
    handle = await openDb("pglite:memory");
    await seedDemoIfEmpty(handle.db);
  });
  afterAll(() => handle?.close());

  const studentsOf = async (schoolId: string) =>
    (await handle.db.select({ n: count() }).from(students).where(eq(students.schoolId, schoolId)))[0]!.n;

  it("loads beside the demo, twice, with the demo's students and incidents and accounts of its own", async () => {
    const first = await seedDemoSchoolCopy(handle.db, "bell-1");
    const second = await seedDemoSchoolCopy(handle.db, "bell-2");
    expect(first).toEqual({
      schoolId: "colegio-bell-1",
      name: "Colegio E2E bell-1",
      emailDomain: "bell-1.convive.test",
    });
    expect(second.schoolId).toBe("colegio-bell-2");

    const demoStudents = await studentsOf(COLEGIO_ID);
    expect(await studentsOf(first.schoolId)).toBe(demoStudents);
    expect(await studentsOf(second.schoolId)).toBe(demoStudents);
    const [made] = await handle.db.select({ n: count() }).from(incidents).where(eq(incidents.schoolId, first.schoolId));
    // The current year's incidents and the closed 2025-2026 year's few (issue 31 §4).
    expect(made!.n).toBe(DEMO_INCIDENTS.colegio + CLOSED_YEAR_INCIDENTS);
    const [school] = await handle.db.select().from(schools).where(eq(schools.id, first.schoolId));
    expect(school!.name).toBe("Colegio E2E bell-1");

    // Its director and docente belong to the copy alone; multi@ stays a demo account.
    const [director] = await handle.db.select().from(users).where(eq(users.email, "director@bell-1.convive.test"));
    const schoolsOfDirector = await handle.db
      .select({ schoolId: memberships.schoolId })
      .from(memberships)
      .where(eq(memberships.userId, director!.id));
    expect(schoolsOfDirector).toEqual([{ schoolId: first.schoolId }]);
    const [multi] = await handle.db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.schoolId, first.schoolId), like(users.email, "multi@%")));
    expect(multi!.n).toBe(0);
    // Every account of the copy is in its own domain (family accounts included).
    const [outside] = await handle.db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.schoolId, first.schoolId), like(users.email, "%@convive.test")));
    expect(outside!.n).toBe(0);
    // docente@'s welcome names the copy.
    const [docente] = await handle.db.select().from(users).where(eq(users.email, "docente@bell-1.convive.test"));
    const [welcome] = await handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, docente!.id), eq(notifications.type, "welcome")));
    expect(welcome!.params).toEqual({ school: "Colegio E2E bell-1" });
  }, 120_000);

  it("refuses a tag that is not a subdomain", async () => {
    await expect(seedDemoSchoolCopy(handle.db, "Bad Tag")).rejects.toThrow(/bad tag/);
  });
});
