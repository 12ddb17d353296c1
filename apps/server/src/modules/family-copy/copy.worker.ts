import { Piscina } from "piscina";
import { familyCopyPdf } from "./copy.pdf.ts";
import type { CopyPdfRequest } from "./copy.pool.ts";

/** The family copy's PDF worker (copy.pool.ts): draws the copy and moves the bytes back to the server's thread. */
export default async function renderFamilyCopy(request: CopyPdfRequest) {
  const pdf = await familyCopyPdf(request.copy, request.language);
  const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  return pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? Piscina.move(bytes) : new Uint8Array(pdf);
}
