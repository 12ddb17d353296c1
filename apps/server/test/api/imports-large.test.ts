import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BENCH_PASSWORD, seedImportSchool, studentRows, studentsXlsx } from "../../../../bench/import-data.ts";
import { studentGroups, students } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, login, uniq } from "../helpers/factories.ts";
import { send, waitForJob, XLSX_TYPE } from "./import-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("imports 10 000 students from one XLSX, every row placed in its group", { timeout: 90_000 }, async () => {
  const schoolId = uniq("bench");
  const { email } = await seedImportSchool(t.db, schoolId);
  const as = client(t.app, await login(t.app, email, BENCH_PASSWORD), schoolId);
  const file = await studentsXlsx(studentRows(10_000));

  const started = performance.now();
  const dry = await send(as, "/api/imports/students/dry-run", file, XLSX_TYPE);
  expect(dry.json().data).toMatchObject({ total: 10_000, valid: 10_000, invalid: 0, errors: [] });
  const commit = await send(as, "/api/imports/students/commit", file, XLSX_TYPE);
  expect(commit.statusCode).toBe(202);
  const job = await waitForJob(as, commit.json().data.job.id);
  expect(job).toMatchObject({ status: "done", processed: 10_000, total: 10_000, counts: { students_created: 10_000 } });
  console.log(`10 000-row import: dry run + commit in ${Math.round(performance.now() - started)} ms`);

  const [written] = await t.db.select({ n: count() }).from(students).where(eq(students.schoolId, schoolId));
  const [placed] = await t.db.select({ n: count() }).from(studentGroups).where(eq(studentGroups.schoolId, schoolId));
  expect([written!.n, placed!.n]).toEqual([10_000, 10_000]);
});
