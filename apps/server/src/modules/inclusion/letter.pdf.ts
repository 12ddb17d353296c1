import {
  type ConditionedEnrollment,
  formatDateTime,
  formatDay,
  type Language,
  type SupportStudent,
} from "@convive/domain";
import PDFDocument from "pdfkit";
import { FONT, useFonts } from "../../lib/pdf-fonts.ts";

const WORDS = {
  title: { es: "Carta compromiso", en: "Commitment letter" },
  group: { es: "Grupo", en: "Group" },
  intro: {
    es: "La inscripción de {student} queda condicionada por motivos {reasons}. El estudiante y su familia se comprometen a:",
    en: "{student}'s enrollment is conditioned for {reasons} reasons. The student and the family commit to:",
  },
  review: { es: "Fecha de revisión", en: "Review date" },
  acks: { es: "Enterados", en: "Acknowledged by" },
  none: { es: "Aún sin firmas.", en: "Not acknowledged yet." },
  family: { es: "familia, en Convive", en: "family, in Convive" },
  student: { es: "estudiante, registrado por el personal", en: "student, recorded by staff" },
  outcome: { es: "Resultado", en: "Outcome" },
  sign: { es: "Firma del estudiante", en: "Student's signature" },
  signFamily: { es: "Firma de la madre, padre o tutor", en: "Parent or guardian's signature" },
} as const;
const REASONS = {
  academic: { es: "académicos", en: "academic" },
  disciplinary: { es: "disciplinarios", en: "disciplinary" },
  economic: { es: "económicos", en: "economic" },
} as const;
const OUTCOMES = {
  lifted: { es: "Condición levantada", en: "Condition lifted" },
  continued: { es: "Condición continúa", en: "Condition continued" },
  not_reenrolled: { es: "No reinscrito", en: "Not re-enrolled" },
} as const;

/** The carta compromiso (Marco para la Convivencia): commitments, review date and who acknowledged it, with lines to sign. */
export function letterPdf(
  enrollment: ConditionedEnrollment,
  student: SupportStudent,
  school: { name: string; timeZone: string },
  lang: Language,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 56,
    info: { Title: `${WORDS.title[lang]} · ${student.name}`, Author: school.name },
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
  const reasons = enrollment.reasons.map((r) => REASONS[r][lang]).join(", ");

  fonts.face(FONT.bold);
  doc.fontSize(11).fillColor("#555555");
  fonts.text(school.name);
  doc.moveDown(0.3).fillColor("black").fontSize(18);
  fonts.text(`${t(WORDS.title)} · ${student.name}`);
  fonts.face(FONT.regular);
  doc.fontSize(10);
  if (student.group) fonts.text(`${t(WORDS.group)}: ${student.group}`);
  doc.moveDown(1).fontSize(11);
  fonts.text(t(WORDS.intro).replace("{student}", student.name).replace("{reasons}", reasons));
  doc.moveDown(0.5);
  for (const [i, c] of enrollment.commitments.entries()) fonts.text(`${i + 1}. ${c}`, { indent: 12 });
  doc.moveDown(0.8);
  if (enrollment.review_date) fonts.text(`${t(WORDS.review)}: ${formatDay(enrollment.review_date, { lang })}`);
  if (enrollment.outcome) fonts.text(`${t(WORDS.outcome)}: ${OUTCOMES[enrollment.outcome][lang]}`);
  doc.moveDown(0.8);
  fonts.face(FONT.bold);
  fonts.text(t(WORDS.acks));
  fonts.face(FONT.regular);
  if (enrollment.acknowledgements.length === 0) fonts.text(t(WORDS.none));
  for (const a of enrollment.acknowledgements) {
    const who = a.role === "family" ? t(WORDS.family) : t(WORDS.student);
    fonts.text(`${a.by.name} (${who}) · ${when(a.at)}${a.comment ? ` — “${a.comment}”` : ""}`, { indent: 12 });
  }
  doc.moveDown(3);
  fonts.text(`______________________________        ______________________________`);
  fonts.text(`${t(WORDS.sign)}                                   ${t(WORDS.signFamily)}`);
  doc.end();
  return done;
}
