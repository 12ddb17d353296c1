import ExcelJS from "exceljs";
import { expect } from "vitest";
import type { memberOf } from "../helpers/factories.ts";

type As = Awaited<ReturnType<typeof memberOf>>["as"];
export type Cell = string | number | Date | null;

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A CSV as a spreadsheet saves it (the separator is a choice: Excel in Spanish writes ";"). */
export const csv = (rows: readonly (readonly string[])[], separator = ",") =>
  Buffer.from(rows.map((r) => r.join(separator)).join("\r\n"));

export async function xlsx(rows: readonly (readonly Cell[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Datos");
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const send = (as: As, url: string, file: Buffer, type = "text/csv", language = "es") =>
  as({ method: "POST", url, payload: file, headers: { "content-type": type, "x-language": language } });

/** Polls a commit's job until it leaves "processing"; answers its last state. */
export async function waitForJob(as: As, id: string, language = "es", timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const res = await as({ method: "GET", url: `/api/imports/jobs/${id}`, headers: { "x-language": language } });
    expect(res.statusCode).toBe(200);
    const job = res.json().data.job;
    if (job.status !== "processing") return job;
    if (Date.now() - started > timeoutMs) throw new Error(`job ${id} still processing: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
