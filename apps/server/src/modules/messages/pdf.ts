import { type Conversation, formatDateTime, type Language } from "@convive/domain";
import PDFDocument from "pdfkit";
import { FONT, useFonts } from "../../lib/pdf-fonts.ts";

const MARGIN = 50;
const GREY = "#555555";

const WORDS = {
  title: { es: "Conversación con la familia", en: "Conversation with the family" },
  group: { es: "Grupo", en: "Group" },
  team: { es: "Equipo de la escuela", en: "School team" },
  family: { es: "Familia", en: "Family" },
  messages: { es: "Mensajes", en: "Messages" },
  none: { es: "Sin mensajes.", en: "No messages." },
  urgent: { es: "URGENTE", en: "URGENT" },
  about: { es: "Sobre la incidencia folio", en: "About incident folio" },
  corrected: { es: "Corregido el", en: "Corrected on" },
  before: { es: "Texto anterior, hasta el", en: "Earlier text, until" },
  files: { es: "Archivos adjuntos", en: "Attached files" },
  readBy: { es: "Leído por", en: "Read by" },
  unread: { es: "Aún no lo lee nadie.", en: "Nobody has read it yet." },
  exported: { es: "Exportado el", en: "Exported on" },
  by: { es: "por", en: "by" },
  page: { es: "Página", en: "Page" },
} as const;

/**
 * A conversation as a PDF (issue 27 §1: who, when, corrections, read receipts), in the reader's language on the
 * school's clock, drawn with the embedded Unicode font like every PDF (lib/pdf-fonts.ts). It prints what the reader
 * would read on screen: a family's copy comes already through the family reader and without earlier texts.
 */
export function conversationPdf(
  conversation: Conversation,
  school: { name: string; timeZone: string },
  lang: Language,
  exportedBy: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${WORDS.title[lang]} · ${conversation.student.name}`, Author: school.name },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const fonts = useFonts(doc);
  const t = (w: { es: string; en: string }) => w[lang];
  const when = (iso: string) => formatDateTime(iso, { lang, timeZone: school.timeZone });
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => fonts.text(value, options);
  const heading = (title: string) => {
    doc.moveDown(0.8);
    fonts.face(FONT.bold);
    doc.fontSize(12).fillColor("black");
    text(title);
    fonts.face(FONT.regular);
    doc.fontSize(10).moveDown(0.2);
  };
  const people = (list: Conversation["team"]) => list.map((p) => `${p.name} (${p.role})`).join(", ") || "—";

  fonts.face(FONT.bold);
  doc.fontSize(11).fillColor(GREY);
  text(school.name);
  doc.moveDown(0.3).fillColor("black").fontSize(18);
  text(`${t(WORDS.title)} · ${conversation.student.name}`);
  fonts.face(FONT.regular);
  doc.fontSize(10).fillColor(GREY);
  if (conversation.student.group) text(`${t(WORDS.group)}: ${conversation.student.group}`);
  text(`${t(WORDS.exported)} ${when(new Date().toISOString())} ${t(WORDS.by)} ${exportedBy}`);
  doc.fillColor("black");
  text(`${t(WORDS.team)}: ${people(conversation.team)}`);
  text(`${t(WORDS.family)}: ${people(conversation.family)}`);

  heading(t(WORDS.messages));
  if (conversation.messages.length === 0) text(t(WORDS.none));
  for (const m of conversation.messages) {
    doc.moveDown(0.5);
    fonts.face(FONT.bold);
    const tags = [m.urgent ? t(WORDS.urgent) : null, m.incident_folio ? `${t(WORDS.about)} ${m.incident_folio}` : null];
    text(
      `${m.author.name} (${m.author.role}) · ${when(m.created_at)}${tags
        .filter(Boolean)
        .map((x) => ` · ${x}`)
        .join("")}`,
    );
    fonts.face(FONT.regular);
    text(m.body, { indent: 10 });
    doc.fillColor(GREY);
    if (m.corrected_at) text(`${t(WORDS.corrected)} ${when(m.corrected_at)}`, { indent: 10 });
    for (const p of m.previous_bodies) text(`${t(WORDS.before)} ${when(p.replaced_at)}: ${p.body}`, { indent: 20 });
    if (m.attachments.length > 0) {
      text(`${t(WORDS.files)}: ${m.attachments.map((a) => a.file_name).join(", ")}`, { indent: 10 });
    }
    const receipts = m.read_by.map((r) => `${r.name} (${when(r.read_at)})`).join("; ");
    text(receipts ? `${t(WORDS.readBy)}: ${receipts}` : t(WORDS.unread), { indent: 10 });
    doc.fillColor("black");
  }

  // "Page n of m" on every page.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing below the bottom margin would otherwise make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN / 2 - 10;
    fonts.face(FONT.regular);
    doc.fontSize(8).fillColor(GREY);
    const page = `${t(WORDS.page)} ${i + 1} / ${range.count}`;
    doc.text(page, doc.page.width - MARGIN - doc.widthOfString(page), y, { lineBreak: false });
  }
  doc.end();
  return done;
}
