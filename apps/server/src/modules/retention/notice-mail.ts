import { formatDay, type RetentionCategory } from "@convive/domain";
import type { PlannedItem } from "./plan.ts";

/** The categories' names in the notice e-mail (the screen's come from the web's locales, same words). */
export const CATEGORY_NAMES: Record<RetentionCategory, { es: string; en: string }> = {
  incidents: { es: "Incidencias (acciones, reuniones y evidencias)", en: "Incidents (actions, meetings and evidence)" },
  observations: { es: "Observaciones de acompañamiento", en: "Accompaniment observations" },
  messages: { es: "Mensajes con la familia", en: "Messages with the family" },
  external_support: { es: "Apoyo externo", en: "External support" },
  inclusion: { es: "Inclusión", en: "Inclusion" },
  nursing: { es: "Enfermería", en: "Nursing" },
  forms: { es: "Respuestas a formularios", en: "Form answers" },
  read_log: { es: "Registro de lecturas", en: "Read log" },
  profile: { es: "Perfil del estudiante", en: "Student profile" },
};

const TEXT = {
  es: {
    subject: (n: number) => `Conservación de datos: registros por anonimizar (estudiantes: ${n})`,
    intro:
      "Estos registros de estudiantes que dejaron la escuela se anonimizarán en la fecha indicada (o después, si hay un protocolo o una canalización abierta):",
    outro:
      "Puedes cambiar los plazos o revisar el registro de lo anonimizado en Configuración maestra → Conservación de datos:",
  },
  en: {
    subject: (n: number) => `Data retention: records to be anonymised (students: ${n})`,
    intro:
      "These records of students who left the school will be anonymised on the day shown (or later, if a protocol or a referral is open):",
    outro:
      "You can change the periods or read the log of what was anonymised in Master configuration → Data retention:",
  },
};

/** The e-mail of a notice, in the reader's language: each student (name and id) with the categories and days. */
export function noticeMail(input: { language: string; items: PlannedItem[]; today: string; link: string }) {
  const lang = input.language === "en" ? "en" : "es";
  const t = TEXT[lang];
  const byStudent = new Map<number, PlannedItem[]>();
  for (const item of input.items) byStudent.set(item.studentId, [...(byStudent.get(item.studentId) ?? []), item]);
  const lines: string[] = [];
  for (const [id, items] of byStudent) {
    lines.push(`- ${items[0]!.student} (#${id})`);
    for (const item of items) {
      const day = item.dueOn > input.today ? item.dueOn : input.today;
      lines.push(`    ${CATEGORY_NAMES[item.category][lang]}: ${formatDay(day, { lang })}`);
    }
  }
  const text = [t.intro, "", ...lines, "", t.outro, input.link, "", "Convive"].join("\n");
  return { subject: t.subject(byStudent.size), text };
}
