import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../test/helpers/pdf-text.ts";
import type { ReportDocument } from "./report.document.ts";
import { reportPdf } from "./report.pdf.ts";

// The report's PDF as the worker draws it (report.worker.ts runs this same function off the event loop), read back
// with poppler as a coordinator would read the attachment.

/** A 2×2 red PNG: the school's logo. */
function png(): Uint8Array {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const b of bytes) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const base = (lang: "es" | "en", rows: ReportDocument["rows"], truncated = false): ReportDocument => ({
  lang,
  timeZone: "America/Mexico_City",
  school: "Colegio Demo Andes",
  title: lang === "es" ? "Resumen semanal para coordinación" : "Weekly summary for the coordinators",
  type: lang === "es" ? "Resumen de incidencias" : "Incident summary",
  period: lang === "es" ? "Del 23 nov 2026 al 30 nov 2026" : "From Nov 23, 2026 to Nov 30, 2026",
  generated: lang === "es" ? "Generado el 30 nov 2026" : "Generated on Nov 30, 2026",
  summary: [{ label: lang === "es" ? "Incidencias" : "Incidents", value: rows.length }],
  columns: [
    { key: "folio", label: { es: "Folio", en: "Folio" }, kind: "number", width: 6 },
    { key: "day", label: { es: "Día", en: "Day" }, kind: "day", width: 10 },
    { key: "at", label: { es: "Registrada", en: "Recorded" }, kind: "dateTime", width: 14 },
    { key: "student", label: { es: "Estudiante", en: "Student" }, width: 20 },
    { key: "detail", label: { es: "Detalle", en: "Detail" } },
  ],
  rows,
  truncated,
});

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    folio: 100 + i,
    day: "2026-11-24",
    at: "2026-11-24T16:30:00.000Z",
    student: `Estudiante ${i + 1}`,
    detail: i % 7 === 0 ? "Una descripción larga que ocupa varias líneas en la celda del detalle. ".repeat(3) : null,
  }));

describe("a scheduled report's PDF", () => {
  it("carries the school, the title, the period, the summary and the rows, days on the school's clock (es)", async () => {
    const text = pdfText(await reportPdf(base("es", rows(3)), png()));
    for (const words of ["Colegio Demo Andes", "Resumen semanal para coordinación", "Del 23 nov 2026 al 30 nov 2026"]) {
      expect(text).toContain(words);
    }
    expect(text).toContain("Incidencias: 3");
    expect(text).toContain("Estudiante 3");
    // 16:30 UTC is 10:30 in Mexico City.
    expect(text).toMatch(/24 nov 2026,? 10:30/);
    expect(text).toContain("Confidencial: contiene datos personales de estudiantes. No lo reenvíes.");
    expect(text).toContain("Página 1 / 1");
  });

  it("repeats the table's header on every page of a long report, and says it was cut (en)", async () => {
    const text = pdfText(await reportPdf(base("en", rows(120), true), null));
    const pages = text.match(/Page \d+ \/ (\d+)/)?.[1];
    expect(Number(pages)).toBeGreaterThan(2);
    // Each page's text ends with its footer: every page with rows opens with the header.
    const withRows = text.split(/Page \d+ \/ \d+/).filter((page) => page.includes("Estudiante"));
    expect(withRows.length).toBeGreaterThan(2);
    for (const page of withRows) {
      for (const heading of ["Folio", "Day", "Recorded", "Student", "Detail"]) expect(page).toContain(heading);
    }
    expect(text).toContain("Only the first 120 rows are included.");
    expect(text).toContain("Estudiante 120");
  });

  it("says there is nothing to report, and draws without a logo it cannot read", async () => {
    const text = pdfText(await reportPdf(base("en", []), new Uint8Array([1, 2, 3])));
    expect(text).toContain("Nothing to report in this period.");
    expect(text).toContain("Colegio Demo Andes");
  });
});
