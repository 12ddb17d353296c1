import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";
import { pngBomb, sparseRowXlsx, unclosedRowsXlsx, zipBomb } from "../helpers/hostile-files.ts";
import { XLSX_TYPE } from "./import-helpers.ts";

/**
 * Issue 9, reproduction 3: one small upload froze every school. Each hostile file, one after another and then all
 * at once, is refused with a message that says why. How long they take and another school's poll meanwhile (p99
 * under 200 ms) are measured by bench/hostile-uploads.bench.ts (issue 24: wall-clock thresholds live in bench/).
 */
let t: TestApp;
const uploads = mkdtempSync(join(tmpdir(), "convive-hostile-"));
beforeAll(async () => {
  t = await createTestApp({ UPLOADS_DIR: uploads });
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

it("refuses every hostile upload with a clear error, one by one and all at once", {
  timeout: 120_000,
}, async () => {
  const attacker = await memberOf(t.app, t.db, "director");
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
  const answers: unknown[][] = [];
  for (const h of hostile) {
    const res = await h.send();
    const body = res.json();
    answers.push([res.statusCode, body.code, body.message]);
  }
  const together = (await Promise.all(hostile.map((h) => h.send()))).map((r) => r.json().code);
  expect(answers).toEqual(expected);
  expect(together).toEqual(expected.map((e) => e[1]));
  expect(files.zip.length).toBeLessThan(400 * 1024);
  expect(files.sparse.length).toBeLessThan(2048);
});
