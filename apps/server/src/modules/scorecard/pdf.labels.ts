import type { Language, ScaleDefinition } from "@convive/domain";

/** The words of the printed scorecard, in both languages. */
export const WORDS = {
  title: { es: "Boleta de conducta y hábitos", en: "Conduct and habits scorecard" },
  enrollment: { es: "Matrícula", en: "Enrollment" },
  group: { es: "Grupo", en: "Group" },
  schoolYear: { es: "Ciclo escolar", en: "School year" },
  measure: { es: "Aspecto", en: "Measure" },
  conduct: { es: "Conducta", en: "Conduct" },
  points: { es: "Puntos de reconocimiento", en: "Recognition points" },
  incidents: { es: "Incidencias", en: "Incidents" },
  minor: { es: "Leves", en: "Minor" },
  serious: { es: "Graves", en: "Serious" },
  "very-serious": { es: "Muy graves", en: "Very serious" },
  actions: { es: "Acciones formativas", en: "Formative actions" },
  completed: { es: "completadas", en: "completed" },
  pending: { es: "pendientes", en: "pending" },
  observations: { es: "Observaciones de acompañamiento", en: "Accompaniment observations" },
  comments: { es: "Comentarios", en: "Comments" },
  legend: { es: "Claves de las escalas", en: "Scale keys" },
  notPassing: { es: "no aprobatorio", en: "not passing" },
  notPassingMark: { es: "* Por debajo del mínimo aprobatorio.", en: "* Below the passing mark." },
  passingFrom: { es: "aprobatorio desde", en: "passing from" },
  noPeriods: { es: "Aún no hay periodos para mostrar.", en: "No periods to show yet." },
  printedAt: { es: "Impreso el", en: "Printed on" },
  page: { es: "Página", en: "Page" },
} as const;

export type Word = keyof typeof WORDS;
export const say = (word: Word, lang: Language) => WORDS[word][lang];

/**
 * A scale explained for the legend (RosarioSIS prints each comment code with its meaning): "E = Excelente ·
 * B = Bueno · … · A = Requiere apoyo (no aprobatorio)", or "5–10, aprobatorio desde 6".
 */
export function legendLine(definition: ScaleDefinition, lang: Language): string {
  if (definition.kind === "numeric") {
    return `${definition.min}–${definition.max}, ${say("passingFrom", lang)} ${definition.passing}`;
  }
  return definition.levels
    .map((l) => {
      const name = lang === "en" && l.name_en ? l.name_en : l.name_es;
      return `${l.code} = ${name}${l.passing ? "" : ` (${say("notPassing", lang)})`}`;
    })
    .join(" · ");
}
