import {
  type Classification,
  type Dashboard,
  type Effectiveness,
  formatDateTime,
  formatDay,
  formatPercent,
  formatRatio,
  type Language,
  SETUP_STAGES,
} from "@convive/domain";

/**
 * One table of the dashboard, as both exports write it: counts stay numbers (the PDF writes them as the screen
 * does, the spreadsheet keeps them as numbers), ratios and shares are text as the screen shows them ("0.4:1").
 */
export interface Table {
  title: string;
  columns: string[];
  rows: (string | number | null)[][];
}

type Words = { es: string; en: string };
const W = {
  title: { es: "Visión estratégica", en: "Strategic vision" },
  summary: { es: "Resumen", en: "Summary" },
  figure: { es: "Indicador", en: "Figure" },
  current: { es: "Este periodo", en: "This period" },
  previous: { es: "Periodo anterior", en: "Previous period" },
  incidents: { es: "Incidencias", en: "Incidents" },
  observations: { es: "Observaciones", en: "Observations" },
  positive: { es: "Observaciones positivas", en: "Positive observations" },
  ratio: { es: "Razón positivas por incidencia (meta 4:1)", en: "Positives per incident (target 4:1)" },
  open: { es: "Incidencias abiertas", en: "Open incidents" },
  openAge: { es: "Abiertas, {bucket} días", en: "Open, {bucket} days" },
  median: { es: "Mediana de días para cerrar", en: "Median days to close" },
  closed: { es: "Incidencias cerradas", en: "Closed incidents" },
  overdue: { es: "Acciones formativas vencidas", en: "Overdue formative actions" },
  perDay: { es: "Incidencias por día de clases", en: "Incidents per school day" },
  grade: { es: "Por grado", en: "By grade" },
  group: { es: "Por grupo", en: "By group" },
  category: { es: "Por categoría", en: "By category" },
  type: { es: "Por tipo", en: "By type" },
  place: { es: "Por lugar", en: "By place" },
  recorder: { es: "Por quien registró", en: "By recorder" },
  name: { es: "Nombre", en: "Name" },
  heatmap: { es: "Día y hora", en: "Weekday and hour" },
  weekday: { es: "Día", en: "Weekday" },
  hour: { es: "Hora", en: "Hour" },
  early: { es: "Alerta temprana (3+ en 30 días)", en: "Early warning (3+ in 30 days)" },
  student: { es: "Estudiante", en: "Student" },
  escalated: { es: "Abiertas hace {days}+ días", en: "Open {days}+ days" },
  folio: { es: "Folio", en: "Folio" },
  date: { es: "Fecha", en: "Date" },
  days: { es: "Días abierta", en: "Days open" },
  escalatedAt: { es: "Escalada", en: "Escalated" },
  effectiveness: { es: "Efectividad de acciones formativas", en: "Effectiveness of formative actions" },
  guideline: { es: "Lineamiento", en: "Guideline" },
  classification: { es: "Clasificación", en: "Classification" },
  cases: { es: "Casos", en: "Cases" },
  recurred: { es: "Reincidieron (30 días)", en: "New incident (30 days)" },
  share: { es: "Proporción", en: "Share" },
  withoutCases: { es: "Sin la acción: casos", en: "Without it: cases" },
  withoutShare: { es: "Sin la acción: proporción", en: "Without it: share" },
  notEnough: { es: "Datos insuficientes", en: "Not enough data" },
  setup: { es: "Configuración de la escuela", en: "School setup" },
  stage: { es: "Etapa", en: "Stage" },
  done: { es: "Completa", en: "Complete" },
  yes: { es: "Sí", en: "Yes" },
  no: { es: "No", en: "No" },
} satisfies Record<string, Words>;

const CLASSIFICATION: Record<Classification, Words> = {
  minor: { es: "Leve", en: "Minor" },
  serious: { es: "Grave", en: "Serious" },
  "very-serious": { es: "Muy grave", en: "Very serious" },
};
const WEEKDAYS: Words[] = [
  { es: "lunes", en: "Monday" },
  { es: "martes", en: "Tuesday" },
  { es: "miércoles", en: "Wednesday" },
  { es: "jueves", en: "Thursday" },
  { es: "viernes", en: "Friday" },
  { es: "sábado", en: "Saturday" },
  { es: "domingo", en: "Sunday" },
];
const STAGES: Record<(typeof SETUP_STAGES)[number], Words> = {
  schoolYear: { es: "Ciclo escolar", en: "School year" },
  periods: { es: "Periodos", en: "Periods" },
  grades: { es: "Grados", en: "Grades" },
  groups: { es: "Grupos", en: "Groups" },
  subjects: { es: "Materias", en: "Subjects" },
  students: { es: "Estudiantes", en: "Students" },
  users: { es: "Usuarios", en: "Users" },
};

export const say = (words: Words, lang: Language, params: Record<string, string | number> = {}) =>
  words[lang].replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ""));
export const titleOf = (lang: Language) => say(W.title, lang);
const pct = (value: number | null, lang: Language) => (value === null ? null : formatPercent(value, lang));

/** The heading line: school year, period and dates. */
export function rangeLine(d: Dashboard, lang: Language): string {
  const period = d.range.period ? `${d.range.period.name}, ` : "";
  // A new school without a school year: the dates alone.
  const year = d.range.school_year ? `${d.range.school_year.name} · ` : "";
  return `${year}${period}${formatDay(d.range.from, { lang })} – ${formatDay(d.range.to, { lang })}`;
}

/** Every table of the dashboard (and the effectiveness panel) in the reader's language. */
export function dashboardTables(d: Dashboard, e: Effectiveness, lang: Language, timeZone: string): Table[] {
  const t = (words: Words, params?: Record<string, string | number>) => say(words, lang, params);
  const prev = (value: number | null | undefined) => (value === undefined ? null : value);
  const summary: Table = {
    title: t(W.summary),
    columns: [t(W.figure), t(W.current), t(W.previous)],
    rows: [
      [t(W.incidents), d.incidents.current.value, prev(d.incidents.previous?.value)],
      ...d.by_classification.map((c) => [
        `${t(W.incidents)} · ${t(CLASSIFICATION[c.classification])}`,
        c.current.value,
        prev(c.previous?.value),
      ]),
      [t(W.observations), d.observations.current, d.observations.previous],
      [t(W.positive), d.observations.positive, d.observations.positive_previous],
      [t(W.ratio), d.ratio.value === null ? null : formatRatio(d.ratio.value, lang), null],
      [t(W.open), d.open.total.value, null],
      ...d.open.ages.map((a) => [t(W.openAge, { bucket: a.bucket }), a.value, null]),
      [t(W.median), d.time_to_close.median_days, null],
      [t(W.closed), d.time_to_close.closed.value, null],
      [t(W.overdue), d.overdue_actions.value, null],
      [t(W.perDay), d.per_school_day.value, null],
    ],
  };
  const bars = (title: Words, list: { label: string; value: number }[]): Table => ({
    title: t(title),
    columns: [t(W.name), t(W.incidents)],
    rows: list.map((b) => [b.label, b.value]),
  });
  const b = d.breakdowns;
  return [
    summary,
    bars(W.grade, b.grade),
    bars(W.group, b.group),
    bars(W.category, b.category),
    bars(W.type, b.type),
    bars(W.place, b.place),
    bars(W.recorder, b.recorder),
    {
      title: t(W.heatmap),
      columns: [t(W.weekday), t(W.hour), t(W.incidents)],
      rows: [...d.heatmap]
        .sort((x, y) => x.weekday - y.weekday || x.hour - y.hour)
        .map((c) => [t(WEEKDAYS[c.weekday - 1]!), `${String(c.hour).padStart(2, "0")}:00`, c.value]),
    },
    {
      title: t(W.early),
      columns: [t(W.student), t(W.group), t(W.incidents)],
      rows: d.early_warning.map((s) => [s.student.name, s.student.group, s.incidents]),
    },
    {
      title: t(W.escalated, { days: d.escalated.days }),
      columns: [t(W.folio), t(W.type), t(W.date), t(W.days), t(W.recorder), t(W.escalatedAt)],
      rows: d.escalated.incidents.map((i) => [
        i.folio,
        i.type,
        formatDateTime(i.occurred_at, { lang, timeZone }),
        i.age_days,
        i.recorded_by,
        i.escalated_at ? formatDateTime(i.escalated_at, { lang, timeZone }) : null,
      ]),
    },
    {
      title: t(W.effectiveness),
      columns: [
        t(W.guideline),
        t(W.classification),
        t(W.cases),
        t(W.recurred),
        t(W.share),
        t(W.withoutCases),
        t(W.withoutShare),
      ],
      rows: e.guidelines.map((g) => [
        g.guideline,
        t(CLASSIFICATION[g.classification]),
        g.cases,
        g.recurred,
        g.enough ? pct(g.share, lang) : t(W.notEnough),
        g.without.cases,
        g.enough ? pct(g.without.share, lang) : t(W.notEnough),
      ]),
    },
    ...(d.setup
      ? [
          {
            title: t(W.setup),
            columns: [t(W.stage), t(W.done)],
            rows: SETUP_STAGES.map((s) => [t(STAGES[s]), d.setup!.stages[s] ? t(W.yes) : t(W.no)]),
          },
        ]
      : []),
  ];
}
