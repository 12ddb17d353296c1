import type { Scorecard, ScorecardPeriod } from "@convive/domain";
import { formatDateTime, formatNumber, type Language } from "@convive/domain/core";
import PDFDocument from "pdfkit";
import { FONT, type PdfWriter, useFonts } from "../../lib/pdf-fonts.ts";
import { legendLine, say, type Word } from "./pdf.labels.ts";

/** What a worker needs to draw scorecards: plain data, no database. */
export interface PdfRequest {
  school: { name: string; timeZone: string };
  language: Language;
  cards: Scorecard[];
}

const MARGIN = 40;
const GREY = "#555555";
const LINE = "#bbbbbb";
const ROW = 18;

/**
 * Scorecards as one PDF, one student per page (or more when a student's comments run long): the student, the
 * periods side by side — conduct and habits as given (a level's code on its colour, a number; "*" where it does not
 * pass), recognition points, incidents by classification, formative actions and observations — the comments for
 * the family, and the legend of every scale version the values were given on. An embedded Unicode font prints
 * every name as typed.
 */
export function scorecardsPdf(request: PdfRequest): Promise<Buffer> {
  const { language: lang, school } = request;
  const title = request.cards.length === 1 ? request.cards[0]!.student.name : school.name;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${say("title", lang)} · ${title}`, Author: school.name },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const fonts = useFonts(doc);
  request.cards.forEach((card, i) => {
    if (i > 0) doc.addPage();
    drawCard(doc, fonts, card, school.name, lang);
  });

  const range = doc.bufferedPageRange();
  const printed = `${say("printedAt", lang)} ${formatDateTime(new Date().toISOString(), { lang, timeZone: school.timeZone })}`;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN / 2 - 8;
    fonts.face(FONT.regular);
    doc.fontSize(8).fillColor(GREY);
    fonts.text(printed, MARGIN, y, { lineBreak: false });
    const page = `${say("page", lang)} ${i + 1} / ${range.count}`;
    doc.text(page, doc.page.width - MARGIN - doc.widthOfString(page), y, { lineBreak: false });
  }
  doc.end();
  return done;
}

function drawCard(doc: PDFKit.PDFDocument, fonts: PdfWriter, card: Scorecard, schoolName: string, lang: Language) {
  const width = doc.page.width - 2 * MARGIN;
  const name = (x: { name_es: string; name_en: string }) => (lang === "en" ? x.name_en : x.name_es);
  const { student } = card;

  fonts.face(FONT.bold);
  doc.fontSize(10).fillColor(GREY);
  fonts.text(schoolName, MARGIN, MARGIN);
  doc.fontSize(9);
  fonts.face(FONT.regular);
  fonts.text(say("title", lang));
  doc.moveDown(0.4).fillColor("black").fontSize(16);
  fonts.face(FONT.bold);
  fonts.text(student.name);
  fonts.face(FONT.regular);
  doc.fontSize(9.5).fillColor(GREY);
  const group = student.group ? (lang === "en" ? student.group.label_en : student.group.label) : "—";
  fonts.text(
    `${say("enrollment", lang)}: ${student.enrollment} · ${say("group", lang)}: ${group} · ` +
      `${say("schoolYear", lang)}: ${card.school_year.name}`,
  );
  doc.fillColor("black").moveDown(0.8);

  const periods = card.periods;
  if (periods.length === 0) {
    fonts.text(say("noPeriods", lang));
    return;
  }
  const first = Math.min(190, width * 0.38);
  const col = (width - first) / periods.length;
  const cellX = (k: number) => MARGIN + first + k * col;

  const row = (label: string, cells: string[], options: { bold?: boolean; fills?: (string | null)[] } = {}) => {
    doc.fontSize(9);
    fonts.face(options.bold ? FONT.bold : FONT.regular);
    const height = Math.max(ROW, doc.heightOfString(label, { width: first - 8 }) + 6);
    if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
    const y = doc.y;
    if (options.bold) doc.rect(MARGIN, y, width, height).fill("#f1f3f5");
    doc.fillColor("black");
    fonts.text(label, MARGIN + 4, y + 4, { width: first - 8 });
    cells.forEach((cell, k) => {
      const fill = options.fills?.[k];
      if (fill) doc.roundedRect(cellX(k) + col / 2 - 14, y + 2.5, 28, height - 5, 3).fill(fill);
      doc.fillColor(fill ? "white" : "black");
      fonts.face(options.bold || fill ? FONT.bold : FONT.regular);
      fonts.text(cell, cellX(k) + 2, y + 4, { width: col - 4, align: "center" });
    });
    doc.fillColor("black");
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  const section = (word: Word) =>
    row(
      say(word, lang),
      periods.map(() => ""),
      { bold: true },
    );

  row(say("measure", lang), periods.map(name), { bold: true });
  let anyFailing = false;
  for (const m of card.measures) {
    const cells = periods.map((p) => p.ratings.find((r) => r.measure_id === m.id));
    const shown = cells.map((c) => {
      if (!c) return "—";
      if (!c.passing) anyFailing = true;
      return c.passing ? c.value : `${c.value} *`;
    });
    row(name(m), shown, { fills: cells.map((c) => c?.colour ?? null) });
  }

  section("points");
  row(
    say("points", lang),
    periods.map((p) => signed(p.points, lang)),
  );
  section("incidents");
  for (const k of ["minor", "serious", "very-serious"] as const) {
    row(
      say(k, lang),
      periods.map((p) => formatNumber(p.incidents[k], lang)),
    );
  }
  section("actions");
  row(
    say("completed", lang),
    periods.map((p) => formatNumber(p.formative_actions.completed, lang)),
  );
  row(
    say("pending", lang),
    periods.map((p) => formatNumber(p.formative_actions.pending, lang)),
  );
  row(
    say("observations", lang),
    periods.map((p) => formatNumber(p.observations, lang)),
  );

  doc.moveDown(0.6);
  if (anyFailing) {
    doc.fontSize(8.5).fillColor(GREY);
    fonts.face(FONT.regular);
    fonts.text(say("notPassingMark", lang), MARGIN, doc.y, { width });
    doc.fillColor("black");
  }
  drawComments(doc, fonts, periods, lang, width);
  if (card.scales.length > 0) {
    doc.moveDown(0.6).fontSize(10);
    fonts.face(FONT.bold);
    fonts.text(say("legend", lang), MARGIN, doc.y, { width });
    doc.fontSize(8.5);
    for (const scale of card.scales) {
      fonts.face(FONT.bold);
      fonts.text(`${lang === "en" ? scale.name_en : scale.name_es}: `, { continued: true, width });
      fonts.face(FONT.regular);
      fonts.text(legendLine(scale.definition, lang));
    }
  }
}

function drawComments(
  doc: PDFKit.PDFDocument,
  fonts: PdfWriter,
  periods: ScorecardPeriod[],
  lang: Language,
  width: number,
) {
  const withComment = periods.filter((p) => p.comment);
  if (withComment.length === 0) return;
  doc.moveDown(0.6).fontSize(10);
  fonts.face(FONT.bold);
  fonts.text(say("comments", lang), MARGIN, doc.y, { width });
  doc.fontSize(9);
  for (const p of withComment) {
    fonts.face(FONT.bold);
    fonts.text(`${lang === "en" ? p.name_en : p.name_es}: `, { continued: true, width });
    fonts.face(FONT.regular);
    fonts.text(p.comment!.text);
  }
}

/** Points with their sign, by the one rule of numbers: "+12", "-3", "0". */
const signed = (n: number, lang: Language) => (n > 0 ? `+${formatNumber(n, lang)}` : formatNumber(n, lang));
