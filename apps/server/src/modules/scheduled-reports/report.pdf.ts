import PDFDocument from "pdfkit";
import { FONT, useFonts } from "../../lib/pdf-fonts.ts";
import { type ReportDocument, shownCell, WORDS } from "./report.document.ts";

const MARGIN = 36;
const GREY = "#555555";
const LINE = "#cccccc";
const SIZE = 8;
const PAD = 3;

/**
 * A report as a PDF (issue 31 §3), drawn in a worker (report.worker.ts): the school's logo and name, the report's
 * title, period and summary, then the table on landscape letter pages, its header repeated on each page.
 */
export function reportPdf(doc: ReportDocument, logo: Uint8Array | null): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "LETTER",
    layout: "landscape",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: doc.title, Author: doc.school },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const fonts = useFonts(pdf);
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;

  let top = MARGIN;
  if (logo) {
    try {
      pdf.image(Buffer.from(logo), left, top, { fit: [48, 48] });
    } catch {
      // An unreadable picture leaves the name alone on the page.
    }
  }
  const textLeft = logo ? left + 60 : left;
  fonts.face(FONT.bold);
  pdf.fontSize(11).fillColor(GREY);
  fonts.text(doc.school, textLeft, top, { width: width - (textLeft - left) });
  pdf.fillColor("black").fontSize(16);
  fonts.text(doc.title, { width: width - (textLeft - left) });
  fonts.face(FONT.regular);
  pdf.fontSize(9).fillColor(GREY);
  fonts.text(`${doc.type} · ${doc.period}`, { width: width - (textLeft - left) });
  fonts.text(doc.generated, { width: width - (textLeft - left) });
  top = Math.max(pdf.y, logo ? MARGIN + 52 : 0) + 8;
  pdf.fillColor("black").fontSize(10);
  fonts.face(FONT.bold);
  fonts.text(doc.summary.map((s) => `${s.label}: ${s.value}`).join("   ·   "), left, top, { width });
  fonts.face(FONT.regular);
  pdf.moveDown(0.6);

  if (doc.rows.length === 0) {
    fonts.text(WORDS.none[doc.lang], { width });
  } else {
    const total = doc.columns.reduce((sum, c) => sum + (c.width ?? 14), 0);
    const widths = doc.columns.map((c) => ((c.width ?? 14) / total) * width);
    const bottom = pdf.page.height - MARGIN - 14;
    const heightOf = (cells: string[], bold: boolean) => {
      fonts.face(bold ? FONT.bold : FONT.regular);
      pdf.fontSize(SIZE);
      return Math.max(...cells.map((text, i) => pdf.heightOfString(text || " ", { width: widths[i]! - 2 * PAD })));
    };
    const drawRow = (cells: string[], bold: boolean, y: number, h: number) => {
      fonts.face(bold ? FONT.bold : FONT.regular);
      pdf.fontSize(SIZE).fillColor("black");
      let x = left;
      cells.forEach((text, i) => {
        fonts.text(text, x + PAD, y + PAD, { width: widths[i]! - 2 * PAD });
        x += widths[i]!;
      });
      pdf
        .moveTo(left, y + h + 2 * PAD)
        .lineTo(left + width, y + h + 2 * PAD)
        .strokeColor(LINE)
        .lineWidth(0.5)
        .stroke();
    };
    const header = doc.columns.map((c) => c.label[doc.lang]);
    const headerHeight = heightOf(header, true);
    let y = pdf.y;
    const drawHeader = () => {
      pdf.rect(left, y, width, headerHeight + 2 * PAD).fill("#eeeeee");
      drawRow(header, true, y, headerHeight);
      y += headerHeight + 2 * PAD;
    };
    drawHeader();
    for (const row of doc.rows) {
      const cells = doc.columns.map((c) => shownCell(row[c.key] ?? null, c, doc));
      const h = heightOf(cells, false);
      if (y + h + 2 * PAD > bottom) {
        pdf.addPage();
        y = MARGIN;
        drawHeader();
      }
      drawRow(cells, false, y, h);
      y += h + 2 * PAD;
    }
    pdf.x = left;
    pdf.y = y + 6;
  }
  if (doc.truncated) {
    pdf.fontSize(9).fillColor(GREY);
    fonts.text(WORDS.truncated[doc.lang](doc.rows.length), left, pdf.y, { width });
  }

  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN + 8;
    fonts.face(FONT.regular);
    pdf.fontSize(7).fillColor(GREY);
    fonts.text(WORDS.confidential[doc.lang], left, y, { lineBreak: false });
    const page = `${WORDS.page[doc.lang]} ${i + 1} / ${range.count}`;
    pdf.text(page, pdf.page.width - MARGIN - pdf.widthOfString(page), y, { lineBreak: false });
  }
  pdf.end();
  return done;
}
