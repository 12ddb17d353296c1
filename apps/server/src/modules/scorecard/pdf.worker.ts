import { Piscina } from "piscina";
import { type PdfRequest, scorecardsPdf } from "./pdf.render.ts";

/** The PDF worker (pdf.pool.ts): draws the scorecards and moves the bytes back to the server's thread. */
export default async function renderScorecards(request: PdfRequest) {
  const pdf = await scorecardsPdf(request);
  const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  // A Buffer from concat owns its ArrayBuffer (larger than Node's pool), so it can be moved rather than copied.
  return pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? Piscina.move(bytes) : new Uint8Array(pdf);
}
