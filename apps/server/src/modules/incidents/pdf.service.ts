import {
  formatDateTime,
  formatDay,
  formatDayRange,
  formatNumber,
  type IncidentAcknowledgements,
  type IncidentDetail,
  type IncidentProtocol,
  type Language,
  localizedName,
  localName,
  type TimelineEntry,
} from "@convive/domain";
import PDFDocument from "pdfkit";
import { FONT, useFonts } from "../../lib/pdf-fonts.ts";
import type { SchoolHeader } from "./details.service.ts";
import {
  ACTION_STATE,
  CLASSIFICATION,
  MEETING_MODE,
  MEETING_STATUS,
  REPEAT,
  ROLE,
  STATUS,
  say,
  TIMELINE,
  WORDS,
} from "./export.labels.ts";
import { printAcknowledgements } from "./pdf-acknowledgements.ts";

const MARGIN = 50;
const GREY = "#555555";

/** The logo's printed height, in points, and the space between two signature lines. */
const LOGO_PT = 48;
const SIGN_GAP = 24;

/** Who the copy is for: a family's copy leaves out what only staff use (issue 26 §6). */
export type PdfReader = "staff" | "family";

/**
 * The printable PDF of one incident (design §4): the school's name, every field, the students (as the viewer may
 * see them), evidence names, formative actions, parent meetings and the timeline, in the reader's language and
 * on the school's clock. Drawn with an embedded Unicode font (lib/pdf-fonts.ts), so every name prints as typed.
 * A family's copy is what their screen shows: no "Visible to family" line (every incident they read is), no
 * evidence (staff-only on the screen too) and no lines to sign — the signed record is the school's own copy.
 */
export function incidentPdf(
  incident: IncidentDetail,
  school: SchoolHeader & { logoImage?: Buffer | null },
  lang: Language,
  reader: PdfReader,
  protocol: IncidentProtocol | null = null,
  /** The families' acknowledgements as this reader sees them (issue 30 §1). */
  acknowledgements?: IncidentAcknowledgements,
): Promise<Buffer> {
  const staff = reader === "staff";
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${say(WORDS.incident, lang)} ${incident.folio}`, Author: school.name },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const fonts = useFonts(doc);
  fonts.face(FONT.regular);
  const t = (words: { es: string; en: string }) => say(words, lang);
  // One way to show dates (issue 12 §5): "25 nov 2026, 10:00" / "Nov 25, 2026, 10:00 AM" on the school's clock.
  const when = (iso: string | null) => (iso ? formatDateTime(iso, { lang, timeZone: school.timeZone }) : "");
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => fonts.text(value, options);
  const heading = (title: string) => {
    doc.moveDown(0.8);
    fonts.face(FONT.bold);
    doc.fontSize(12).fillColor("black");
    text(title);
    fonts.face(FONT.regular);
    doc.fontSize(10).moveDown(0.2);
  };
  const field = (label: string, value: string | null | undefined) => {
    if (!value) return;
    fonts.face(FONT.bold);
    doc.fontSize(10);
    text(`${label}: `, { continued: true });
    fonts.face(FONT.regular);
    text(value);
  };

  // The school's logo beside its name (uploaded logos only: the default one is an SVG pdfkit cannot draw).
  if (school.logoImage) {
    doc.image(school.logoImage, MARGIN, MARGIN, { fit: [LOGO_PT * 3, LOGO_PT], valign: "center" });
    doc.y = MARGIN + LOGO_PT + 6;
  }
  fonts.face(FONT.bold);
  doc.fontSize(11).fillColor(GREY);
  text(school.name);
  doc.moveDown(0.3).fillColor("black").fontSize(18);
  text(`${t(WORDS.incident)} · ${t(WORDS.folio)} ${incident.folio}`);
  fonts.face(FONT.regular);
  doc.fontSize(11).fillColor(GREY);
  text(`${t(STATUS[incident.status])} · ${t(CLASSIFICATION[incident.classification])}`);
  doc.fillColor("black").moveDown(0.6);

  const label = (es: string, en: string) => (lang === "es" ? es : en);
  field(t(WORDS.occurredAt), when(incident.occurred_at));
  field(label("Categoría", "Category"), localizedName(incident.category, lang));
  field(label("Tipo", "Type"), localizedName(incident.type, lang));
  field(label("Grupo", "Group"), incident.group?.label);
  field(label("Materia", "Subject"), incident.subject?.name);
  field(label("Lugar", "Place"), incident.place);
  field(label("Registró", "Recorded by"), `${incident.recorded_by.name} (${when(incident.created_at)})`);
  field(t(WORDS.schoolYear), incident.school_year.name);
  field(t(WORDS.period), incident.period ? localName(incident.period, lang) : undefined);
  // Points an incident takes from each involved student: printed as the deduction they are.
  field(t(WORDS.points), incident.points > 0 ? `-${formatNumber(incident.points, lang)}` : "0");
  if (staff) field(t(WORDS.visibleToFamily), t(incident.visible_to_family ? WORDS.yes : WORDS.no));
  if (incident.closed_at) {
    field(label("Cerrada", "Closed"), `${when(incident.closed_at)} · ${incident.closed_by?.name ?? ""}`);
    field(label("Nota de cierre", "Closing note"), incident.closing_note);
  }
  if (incident.cancelled_at) {
    field(label("Cancelada", "Cancelled"), `${when(incident.cancelled_at)} · ${incident.cancelled_by?.name ?? ""}`);
    field(t(WORDS.reason), incident.cancel_reason);
  }

  heading(label("Detalle", "Detail"));
  text(incident.detail);

  heading(t(WORDS.students));
  const names = new Map<number, string>();
  for (const s of incident.students) {
    if (s.id !== null && s.name) names.set(s.id, s.name);
    const group = s.group_label ? ` · ${s.group_label}` : "";
    text(`• ${s.name ?? t(WORDS.otherStudent)} (${t(ROLE[s.role])})${group}`);
  }

  if (staff && incident.attachments.length > 0) {
    heading(t(WORDS.attachments));
    for (const a of incident.attachments)
      text(`• ${a.file_name} (${formatNumber(Math.ceil(a.size / 1024), lang, 0)} KB)`);
  }

  heading(t(WORDS.actions));
  if (incident.formative_actions.length === 0) text(t(WORDS.none));
  for (const a of incident.formative_actions) {
    fonts.face(FONT.bold);
    text(`• ${a.guideline}`);
    fonts.face(FONT.regular);
    const done = a.occurrences.filter((o) => o.completed_at).length;
    const dates = a.ends_on ? formatDayRange(a.starts_on, a.ends_on, { lang }) : formatDay(a.starts_on, { lang });
    text(
      `${a.student.name ?? ""} · ${t(WORDS.responsible)}: ${a.responsible.name} · ${dates} (${t(REPEAT[a.repeat])}) · ` +
        `${t(ACTION_STATE[a.state])} · ${done}/${a.occurrences.length} ${t(WORDS.completedOf)}`,
      { indent: 10 },
    );
    if (a.waive_reason) text(`${t(WORDS.reason)}: ${a.waive_reason}`, { indent: 10 });
  }

  heading(t(WORDS.meetings));
  if (incident.meetings.length === 0) text(t(WORDS.none));
  for (const m of incident.meetings) {
    fonts.face(FONT.bold);
    text(`• ${when(m.scheduled_at)} · ${t(MEETING_MODE[m.mode])} · ${t(MEETING_STATUS[m.status])}`);
    fonts.face(FONT.regular);
    if (m.place) text(m.place, { indent: 10 });
    if (m.attendees.length) text(`${t(WORDS.attendees)}: ${m.attendees.map((p) => p.name).join(", ")}`, { indent: 10 });
    if (m.agreements) text(`${t(WORDS.agreements)}: ${m.agreements}`, { indent: 10 });
    if (m.minutes) text(`${t(WORDS.minutes)}: ${m.minutes}`, { indent: 10 });
  }

  // Issue 30 §2: the protocol's steps, their deadlines and who did or waived them when (the school's copy only).
  if (staff && protocol) {
    heading(`${t(WORDS.protocol)}: ${localizedName(protocol, lang)}`);
    for (const step of protocol.steps) {
      const state =
        step.status === "pending"
          ? step.overdue
            ? WORDS.stepOverdue
            : WORDS.stepPending
          : step.status === "done"
            ? WORDS.stepDone
            : WORDS.stepWaived;
      fonts.face(FONT.bold);
      text(`${step.position}. ${localizedName(step, lang)} · ${t(state)}`);
      fonts.face(FONT.regular);
      const who = step.responsible ? ` · ${t(WORDS.responsible)}: ${step.responsible.name}` : "";
      text(`${t(WORDS.dueAt)}: ${when(step.due_at)}${who}`, { indent: 10 });
      if (step.done_at) text(`${when(step.done_at)} · ${step.done_by?.name ?? ""}`, { indent: 10 });
      if (step.note) text(step.note, { indent: 10 });
      if (step.evidence.length)
        text(`${t(WORDS.attachments)}: ${step.evidence.map((e) => e.file_name).join(", ")}`, { indent: 10 });
    }
  }
  const line = (value: string, o: { indent?: number; bold?: boolean } = {}) => {
    fonts.face(o.bold ? FONT.bold : FONT.regular);
    text(value, o.indent ? { indent: o.indent } : {});
    fonts.face(FONT.regular);
  };
  printAcknowledgements({ heading, line, when, lang }, incident, acknowledgements, reader);

  heading(t(WORDS.timeline));
  for (const entry of incident.timeline) {
    // The recorder is named once, above ("Registró"); their registration line does not repeat it.
    const named = entry.user && !(entry.event === "created" && entry.user.id === incident.recorded_by.id);
    const who = named ? ` · ${entry.user!.name}` : "";
    text(`${when(entry.at)}${who} — ${t(TIMELINE[entry.event])}${timelineNote(entry, names, lang)}`);
  }

  // Lines to sign on the school's copy: whoever recorded it, the school's direction and the family.
  if (staff) {
    heading(t(WORDS.signatures));
    const signers = [WORDS.signRecorder, WORDS.signDirector, WORDS.signFamily];
    const width = (doc.page.width - 2 * MARGIN - 2 * SIGN_GAP) / signers.length;
    if (doc.y + 70 > doc.page.height - MARGIN) doc.addPage();
    const lineY = doc.y + 45;
    signers.forEach((who, k) => {
      const x = MARGIN + k * (width + SIGN_GAP);
      doc
        .moveTo(x, lineY)
        .lineTo(x + width, lineY)
        .lineWidth(0.7)
        .strokeColor(GREY)
        .stroke();
      fonts.face(FONT.regular);
      doc.fontSize(9).fillColor(GREY);
      fonts.text(t(who), x, lineY + 4, { width, align: "center" });
    });
    doc.fillColor("black");
  }

  // Footer on every page: printed date and "Page n of m".
  const range = doc.bufferedPageRange();
  const printed = `${t(WORDS.printedAt)} ${when(new Date().toISOString())}`;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing below the bottom margin would otherwise make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN / 2 - 10;
    fonts.face(FONT.regular);
    doc.fontSize(8).fillColor(GREY);
    fonts.text(printed, MARGIN, y, { lineBreak: false });
    const page = `${t(WORDS.page)} ${i + 1} / ${range.count}`;
    doc.text(page, doc.page.width - MARGIN - doc.widthOfString(page), y, { lineBreak: false });
  }
  doc.end();
  return done;
}

/** The values worth printing after a timeline line (reasons, notes, file names, the student concerned). */
function timelineNote(entry: TimelineEntry, names: Map<number, string>, lang: Language): string {
  const d = entry.details;
  const parts: string[] = [];
  const str = (k: string) => (typeof d[k] === "string" && d[k] ? (d[k] as string) : null);
  // A protocol step's name in the reader's language (issue 30 §2).
  const step = lang === "en" ? (str("name_en") ?? str("name_es")) : str("name_es");
  if (entry.event.startsWith("protocol.") && step) parts.push(step);
  for (const key of ["guideline", "file_name", "occurrence_on", "reason", "closing_note"]) {
    const value = str(key);
    if (value) parts.push(key === "occurrence_on" ? formatDay(value, { lang }) : value);
  }
  if (typeof d.student_id === "number" && names.has(d.student_id)) parts.push(names.get(d.student_id)!);
  if (Array.isArray(d.student_ids)) {
    for (const id of d.student_ids) if (typeof id === "number" && names.has(id)) parts.push(names.get(id)!);
  }
  if (d.disagrees === true) parts.push(say(WORDS.disagrees, lang));
  return parts.length ? `: ${parts.join(" · ")}` : "";
}
