import { Piscina } from "piscina";
import { reportPdf } from "./report.pdf.ts";
import type { ReportPdfRequest } from "./report.pool.ts";

/** The scheduled reports' PDF worker (report.pool.ts): draws the report and moves the bytes back. */
export default async function renderReport(request: ReportPdfRequest) {
  const pdf = await reportPdf(request.document, request.logo);
  const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  return pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? Piscina.move(bytes) : new Uint8Array(pdf);
}
