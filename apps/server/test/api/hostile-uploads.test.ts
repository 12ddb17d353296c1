import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";
import { pngBomb, sparseRowXlsx, unclosedRowsXlsx, zipBomb } from "../helpers/hostile-files.ts";
import { png } from "../helpers/images.ts";
import { csv, XLSX_TYPE } from "./import-helpers.ts";

/**
 * Issue 9, reproduction 3: one small upload froze every school. Each hostile file goes in while a user of
 * another school polls GET /api/users/:id without pause; every file is refused with a message that says why,
 * quickly, and the poll's 99th percentile stays under 200 ms (before the file workers it waited 6–15 s).
 */
let t: TestApp;
const uploads = mkdtempSync(join(tmpdir(), "convive-hostile-"));
let base: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOADS_DIR: uploads });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

/**
 * Another school's user, polling over HTTP from a thread of its own, as a browser would: its clock keeps
 * running while the server's event loop is busy, so a stalled server shows as a slow answer. (A poll sent
 * with app.inject from the test's own thread would simply not be sent during a stall, and see nothing.)
 */
function startPoller(url: string, headers: Record<string, string>) {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
    const latencies = [];
    let polling = true;
    parentPort.once("message", () => { polling = false; });
    (async () => {
      while (polling) {
        const started = performance.now();
        const res = await fetch(workerData.url, { headers: workerData.headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error("poll answered " + res.status);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      parentPort.postMessage(latencies);
    })();`,
    { eval: true, workerData: { url, headers } },
  );
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    stop: async () => {
      worker.postMessage("stop");
      const latencies = await done;
      await worker.terminate();
      return latencies;
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

it("refuses every hostile upload with a clear error while another school's poll stays under 200 ms p99", {
  timeout: 120_000,
}, async () => {
  const attacker = await memberOf(t.app, t.db, "director");
  const poller = await memberOf(t.app, t.db, "docente");
  const created = await attacker.as({
    method: "POST",
    url: "/api/students",
    payload: { enrollment: "CDA-H-1", first_name: "Ana" },
  });
  const studentId = created.json().data.student.id as number;
  const files = { zip: zipBomb(), sparse: sparseRowXlsx(), unclosed: unclosedRowsXlsx(), png: pngBomb() };

  const upload = (url: string, body: Buffer, type: string) =>
    attacker.as({ method: "POST", url, payload: body, headers: { "content-type": type, "x-language": "es" } });
  const hostile = [
    {
      file: "ZIP, 150 × 2 MB of zeros → photos",
      bytes: files.zip.length,
      send: () => upload("/api/students/photos", files.zip, "application/zip"),
    },
    {
      file: 'XLSX, one <row r="20000000"> → dry run',
      bytes: files.sparse.length,
      send: () => upload("/api/imports/students/dry-run", files.sparse, XLSX_TYPE),
    },
    {
      file: "XLSX, 40 000 unclosed <row> → dry run",
      bytes: files.unclosed.length,
      send: () => upload("/api/imports/students/dry-run", files.unclosed, XLSX_TYPE),
    },
    {
      file: "PNG 30 000 × 30 000 → student photo",
      bytes: files.png.length,
      send: () => upload(`/api/students/${studentId}/photo`, files.png, "image/png"),
    },
    {
      file: "PNG 30 000 × 30 000 → avatar",
      bytes: files.png.length,
      send: () => upload(`/api/users/${attacker.user.id}/avatar`, files.png, "image/png"),
    },
  ];
  const expected = [
    [413, "ARCHIVE_TOO_LARGE", "El ZIP descomprimido excede 16 MB o 5000 archivos. Súbelo en partes más pequeñas."],
    [422, "IMPORT_EMPTY", "El archivo no tiene filas de datos."],
    [422, "IMPORT_UNREADABLE", "No se pudo leer el archivo; usa la plantilla en XLSX o CSV."],
    [422, "IMAGE_TOO_MANY_PIXELS", "La imagen tiene más de 50 megapíxeles; redúcela."],
    [422, "IMAGE_TOO_MANY_PIXELS", "La imagen tiene más de 50 megapíxeles; redúcela."],
  ];
  // Workers start on demand: a harmless file of each kind first, so the figures are the hostile files' own.
  await upload(
    "/api/imports/students/dry-run",
    csv([
      ["Matrícula", "Nombre"],
      ["CDA-W-1", "Eva"],
    ]),
    "text/csv",
  );
  await upload(`/api/students/${studentId}/photo`, png(), "image/png");

  const poll = startPoller(`${base}/api/users/${poller.user.id}`, {
    authorization: `Bearer ${poller.token}`,
    "x-school-id": poller.school.id,
  });
  let latencies: number[] = [];
  const figures: { file: string; bytes: number; ms: number; status: number; code: string }[] = [];
  const answers: unknown[][] = [];
  let together: string[] = [];
  try {
    for (const h of hostile) {
      const started = performance.now();
      const res = await h.send();
      const body = res.json();
      const ms = Math.round(performance.now() - started);
      figures.push({ file: h.file, bytes: h.bytes, ms, status: res.statusCode, code: body.code ?? "" });
      answers.push([res.statusCode, body.code, body.message]);
    }
    // And all of them at once.
    const started = performance.now();
    together = (await Promise.all(hostile.map((h) => h.send()))).map((r) => r.json().code);
    const bytes = hostile.reduce((s, h) => s + h.bytes, 0);
    figures.push({ file: "all five at once", bytes, ms: Math.round(performance.now() - started), status: 0, code: "" });
  } finally {
    latencies = await poll.stop();
  }

  // The figures first (the closing note quotes them), then what a client sees.
  const p99 = percentile(latencies, 99);
  console.table(figures);
  console.log(
    `poll from another school during the hostile uploads: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
  );
  expect(answers).toEqual(expected);
  expect(together).toEqual(expected.map((e) => e[1]));
  expect(files.zip.length).toBeLessThan(400 * 1024);
  expect(files.sparse.length).toBeLessThan(2048);
  expect(latencies.length).toBeGreaterThan(20);
  expect(p99).toBeLessThan(200);
});
