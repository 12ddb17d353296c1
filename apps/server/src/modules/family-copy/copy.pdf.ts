import { formatDateTime, formatDay, type Language } from "@convive/domain";
import PDFDocument from "pdfkit";
import { FONT, useFonts } from "../../lib/pdf-fonts.ts";
import type { FamilyCopy } from "./copy.sections.ts";
import { SECTION_TITLES } from "./copy.sections.ts";

const MARGIN = 50;
const GREY = "#555555";

const WORDS = {
  title: { es: "Copia de los datos de", en: "Copy of the data of" },
  intro: {
    es: "Todo lo que la escuela guarda de su hija o hijo y que es para la familia (derecho de acceso, LFPDPPP). Los nombres de otros estudiantes aparecen como «Otro estudiante».",
    en: "Everything the school holds about your child that is meant for the family (right of access, LFPDPPP). Other students' names read “Another student”.",
  },
  generated: { es: "Generada el", en: "Generated on" },
  for: { es: "para", en: "for" },
  none: { es: "Nada registrado.", en: "Nothing recorded." },
  yes: { es: "Sí", en: "Yes" },
  no: { es: "No", en: "No" },
  page: { es: "Página", en: "Page" },
} as const;

/** Fields a person has no use for on paper: internal ids, links, what the screen may do, pictures. */
const HIDDEN = /^(id|.*_id|ids|photo|link|url|can_.*|.*_url|family|cannot_write_reason|consent_granted|next_text)$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const label = (key: string) => {
  const words = key.replace(/_(es|en)$/, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The family's copy as a PDF (issue 30 §3), drawn in a worker from the copy's data — the same data as the JSON,
 * already through the family reader. Each section is drawn generically, field by field: a module that adds a
 * field to what families read adds it here too, without a second list to keep.
 */
export function familyCopyPdf(copy: FamilyCopy, lang: Language): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${WORDS.title[lang]} ${copy.student.name}`, Author: copy.school.name },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const fonts = useFonts(doc);
  const tz = copy.school.time_zone;
  const shown = (value: unknown): string => {
    if (typeof value === "boolean") return value ? WORDS.yes[lang] : WORDS.no[lang];
    if (typeof value === "string" && INSTANT.test(value)) return formatDateTime(value, { lang, timeZone: tz });
    if (typeof value === "string" && DAY.test(value)) return formatDay(value, { lang });
    return String(value);
  };
  /** A nested object read as one value when it is a named thing (a type, a person, a group). */
  const nameOf = (value: Record<string, unknown>): string | null => {
    for (const key of [`name_${lang}`, "name", `label_${lang}`, "label", "title", "file_name"]) {
      if (typeof value[key] === "string" && value[key]) return value[key] as string;
    }
    return null;
  };
  const other = lang === "es" ? "_en" : "_es";

  const draw = (value: unknown, indent: number) => {
    if (Array.isArray(value)) {
      if (value.length === 0) return;
      if (value.every((v) => v === null || typeof v !== "object")) {
        fonts.text(value.map(shown).join(", "), { indent });
        return;
      }
      for (const item of value) {
        doc.moveDown(0.3);
        draw(item, indent);
      }
      return;
    }
    if (value === null || typeof value !== "object") {
      fonts.text(shown(value), { indent });
      return;
    }
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (HIDDEN.test(key) || key.endsWith(other) || v === null || v === "" || v === undefined) continue;
      if (Array.isArray(v) && v.length === 0) continue;
      if (typeof v !== "object") {
        fonts.face(FONT.bold);
        fonts.text(`${label(key)}: `, { indent, continued: true });
        fonts.face(FONT.regular);
        fonts.text(shown(v));
        continue;
      }
      const named = Array.isArray(v) ? null : nameOf(v as Record<string, unknown>);
      fonts.face(FONT.bold);
      if (named !== null) {
        fonts.text(`${label(key)}: `, { indent, continued: true });
        fonts.face(FONT.regular);
        fonts.text(named);
        continue;
      }
      fonts.text(label(key), { indent });
      fonts.face(FONT.regular);
      draw(v, indent + 12);
    }
  };

  fonts.face(FONT.bold);
  doc.fontSize(11).fillColor(GREY);
  fonts.text(copy.school.name);
  doc.moveDown(0.3).fillColor("black").fontSize(18);
  fonts.text(`${WORDS.title[lang]} ${copy.student.name}`);
  fonts.face(FONT.regular);
  doc.fontSize(10).fillColor(GREY);
  fonts.text(`${WORDS.generated[lang]} ${shown(copy.generated_at)} ${WORDS.for[lang]} ${copy.requested_by.name}`);
  fonts.text(WORDS.intro[lang]);
  doc.fillColor("black");

  for (const [key, content] of Object.entries(copy.sections)) {
    doc.moveDown(0.8);
    fonts.face(FONT.bold);
    doc.fontSize(13);
    fonts.text(SECTION_TITLES[key as keyof typeof SECTION_TITLES]?.[lang] ?? label(key));
    fonts.face(FONT.regular);
    doc.fontSize(9.5).moveDown(0.2);
    const empty = content === null || (Array.isArray(content) && content.length === 0);
    if (empty) fonts.text(WORDS.none[lang]);
    else draw(content, 0);
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN / 2 - 10;
    fonts.face(FONT.regular);
    doc.fontSize(8).fillColor(GREY);
    const page = `${WORDS.page[lang]} ${i + 1} / ${range.count}`;
    doc.text(page, doc.page.width - MARGIN - doc.widthOfString(page), y, { lineBreak: false });
  }
  doc.end();
  return done;
}
