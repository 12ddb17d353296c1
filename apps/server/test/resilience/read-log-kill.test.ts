import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenDb, openDb } from "../../src/db/client.ts";
import { readLog, students } from "../../src/db/schema/index.ts";
import { addMember, createSchool, createUser, PASSWORD, uniq } from "../helpers/factories.ts";
import { type ServerProcess, startServer } from "../helpers/server-process.ts";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../helpers/throwaway-postgres.ts";

/**
 * The read log loses nothing to a crash (issue 25 §3): the real server, as a child process, answers a burst of
 * reads of students' files — each a different student — and is SIGKILLed in the middle of it. Every read that got
 * its answer must be in the log: the entry is written before the answer leaves, never held in memory for later.
 */
describe("the read log under a kill mid-burst", () => {
  let pgServer: ThrowawayPostgres;
  let db: OpenDb;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    pgServer = await startThrowawayPostgres();
    db = await openDb(pgServer.url, { poolSize: 2, log: () => {} });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await db?.close();
    await pgServer?.destroy();
  });

  it("keeps an entry for every read that was answered", { timeout: 120_000 }, async () => {
    const BURST = 400;
    const IN_FLIGHT = 16;
    const KILL_AFTER = 120;
    const school = await createSchool(db.db);
    const director = await createUser(db.db);
    await addMember(db.db, school.id, director.id, school.profileIds.director);
    const rows = await db.db
      .insert(students)
      .values(
        Array.from({ length: BURST }, (_, i) => ({
          schoolId: school.id,
          enrollment: uniq(`K${i}`),
          firstName: `Alumno ${i}`,
        })),
      )
      .returning({ id: students.id });
    const ids = rows.map((r) => r.id);

    server = await startServer({ DATABASE_URL: pgServer.url });
    const login = await fetch(`${server.origin}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: director.email, password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const headers = { authorization: `Bearer ${token}`, "x-school-id": school.id };

    const answered: number[] = [];
    let failed = 0;
    let next = 0;
    const child = server.child;
    // A few workers keep IN_FLIGHT reads going; the answer that makes KILL_AFTER kills the server on the spot, so
    // the reads in flight then die with it.
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const res = await fetch(`${server!.origin}/api/students/${id}/file`, { headers }).catch(() => null);
        if (res?.status === 200) {
          await res.arrayBuffer();
          answered.push(id);
          if (answered.length === KILL_AFTER) child.kill("SIGKILL");
        } else {
          failed++;
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const ended = await server.exited;
    expect(ended.signal).toBe("SIGKILL");
    // The kill came mid-burst: some reads were answered, the rest were cut or refused.
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(failed).toBeGreaterThan(0);

    const logged = await db.db
      .select({ studentId: readLog.studentId })
      .from(readLog)
      .where(and(eq(readLog.schoolId, school.id), eq(readLog.kind, "student.file"), inArray(readLog.studentId, ids)));
    const inLog = new Set(logged.map((r) => r.studentId));
    expect(answered.filter((id) => !inLog.has(id))).toEqual([]);
  });
});
