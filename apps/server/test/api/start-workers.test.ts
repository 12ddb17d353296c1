import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDb } from "../../src/db/client.ts";
import { addMember, createSchool, createUser, PASSWORD } from "../helpers/factories.ts";
import { sparseRowXlsx } from "../helpers/hostile-files.ts";
import { png } from "../helpers/images.ts";

/**
 * The file workers are TypeScript loaded through tsx: they must start in the server as `npm start` runs it
 * (`tsx apps/server/src/main.ts`, a process of its own), not only inside vitest. This starts that process on a
 * PGlite folder prepared here, and uploads a spreadsheet, a hostile XLSX and a picture over HTTP.
 */
const folder = mkdtempSync(join(tmpdir(), "convive-start-"));
let server: ChildProcess | undefined;
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(folder, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

it("starts file workers in the server as npm start runs it", { timeout: 120_000 }, async () => {
  const data = join(folder, "pglite");
  mkdirSync(data);
  const opened = await openDb(`pglite:${data}`);
  const school = await createSchool(opened.db);
  const user = await createUser(opened.db);
  await addMember(opened.db, school.id, user.id, school.profileIds.director);
  await opened.close();

  const port = await freePort();
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  server = spawn(process.execPath, [tsx, "apps/server/src/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `pglite:${data}`,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      WEB_DIST: "/nonexistent",
      UPLOADS_DIR: join(folder, "uploads"),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 600 || server.exitCode !== null) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  console.log(`server up in ${Math.round(performance.now() - started)} ms`);
  const login = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const send = async (url: string, body: Buffer, type: string) => {
    const res = await fetch(`${base}${url}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "x-school-id": school.id, "content-type": type, "x-language": "en" },
      body,
    });
    type Answer = { code?: string; data?: { valid?: number; user?: { image_profile: string } } };
    return { status: res.status, body: (await res.json()) as Answer };
  };

  const csv = await send(
    "/api/imports/students/dry-run",
    Buffer.from("Enrollment,First name\nCDA-1,Ana\n"),
    "text/csv",
  );
  expect([csv.status, csv.body.data?.valid]).toEqual([200, 1]);
  const xlsx = await send(
    "/api/imports/students/dry-run",
    sparseRowXlsx(),
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  );
  expect([xlsx.status, xlsx.body.code]).toEqual([422, "IMPORT_EMPTY"]);
  const avatar = await send(`/api/users/${user.id}/avatar`, png(), "image/png");
  expect(avatar.status).toBe(200);
  expect(avatar.body.data?.user?.image_profile).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
});
