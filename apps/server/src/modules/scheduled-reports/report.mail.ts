import type { Language } from "@convive/domain";
import type { ReportDocument } from "./report.document.ts";

const TEXT = {
  es: {
    hello: "Hola:",
    intro: (title: string, school: string) => `Te enviamos el reporte «${title}» de ${school}.`,
    attached: (format: string) => `El reporte va adjunto en ${format}.`,
    test: "Es un envío de prueba pedido desde Configuración maestra → Reportes automáticos.",
    why: "Recibes este correo porque la escuela te incluyó entre los destinatarios de este reporte. Contiene datos personales de estudiantes: no lo reenvíes.",
    manage: "Quien administra los reportes puede cambiarlos en:",
  },
  en: {
    hello: "Hello,",
    intro: (title: string, school: string) => `Here is the report “${title}” from ${school}.`,
    attached: (format: string) => `The report is attached as ${format}.`,
    test: "This is a test sent from Master configuration → Scheduled reports.",
    why: "You receive this e-mail because the school listed you among this report's recipients. It holds students' personal data: do not forward it.",
    manage: "Whoever manages the reports can change them at:",
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The e-mail that carries a report, in the recipient's language: the school's name (and logo, as the inline picture
 * `cid:school-logo`, when the school has one) as the sender's heading, what the report is, its period and summary.
 */
export function reportMail(input: {
  lang: Language;
  doc: ReportDocument;
  format: "pdf" | "xlsx";
  test: boolean;
  link: string;
  logo: boolean;
}) {
  const t = TEXT[input.lang];
  const { doc } = input;
  const format = input.format === "pdf" ? "PDF" : "Excel (XLSX)";
  const subject = `${doc.title} · ${doc.school}`;
  const summary = doc.summary.map((s) => `${s.label}: ${s.value}`);
  const text = [
    t.hello,
    "",
    t.intro(doc.title, doc.school),
    `${doc.type} · ${doc.period}`,
    "",
    ...summary,
    "",
    t.attached(format),
    ...(input.test ? ["", t.test] : []),
    "",
    t.why,
    t.manage,
    input.link,
    "",
    doc.school,
  ].join("\n");
  const html = `<!doctype html><html lang="${input.lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>
${input.logo ? `<td style="padding-right:12px"><img src="cid:school-logo" alt="${escapeHtml(doc.school)}" width="48" height="48" style="display:block"></td>` : ""}
<td><strong style="font-size:16px">${escapeHtml(doc.school)}</strong></td></tr></table>
<h1 style="font-size:20px;margin:16px 0 4px">${escapeHtml(doc.title)}</h1>
<p style="margin:0;color:#555">${escapeHtml(doc.type)} · ${escapeHtml(doc.period)}</p>
<ul>${summary.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<p>${escapeHtml(t.attached(format))}</p>
${input.test ? `<p><em>${escapeHtml(t.test)}</em></p>` : ""}
<p style="color:#555;font-size:13px">${escapeHtml(t.why)}<br>${escapeHtml(t.manage)} <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
</body></html>`;
  return { subject, text, html };
}
