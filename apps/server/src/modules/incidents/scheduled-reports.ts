import type { Classification, IncidentStatus, Language } from "@convive/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  bilingual,
  REPORT_MAX_ROWS,
  type ReportContext,
  type ReportTable,
  type ReportType,
  reportRows,
  userNameSql,
} from "../../lib/report-types.ts";
import { CLASSIFICATION, STATUS } from "./export.labels.ts";

// The incidents module's scheduled report types (issue 31 §3): the period's incidents, and those still open.

interface Row {
  id: number;
  folio: number;
  occurred_at: string | Date;
  type: string;
  classification: Classification;
  status: IncidentStatus;
  group_label: string | null;
  students: string | null;
  student_ids: number[];
  recorder: string | null;
}

const COLUMNS = {
  folio: { key: "folio", label: { es: "Folio", en: "Folio" }, kind: "number", width: 7 },
  when: { key: "occurred_at", label: { es: "Fecha", en: "Date" }, kind: "dateTime", width: 16 },
  type: { key: "type", label: { es: "Tipo", en: "Type" }, width: 22 },
  classification: { key: "classification", label: { es: "Clasificación", en: "Classification" }, width: 12 },
  status: { key: "status", label: { es: "Estatus", en: "Status" }, width: 11 },
  group: { key: "group", label: { es: "Grupo", en: "Group" }, width: 16 },
  students: { key: "students", label: { es: "Estudiantes", en: "Students" }, width: 28 },
  recorder: { key: "recorded_by", label: { es: "Registró", en: "Recorded by" }, width: 16 },
  age: { key: "age_days", label: { es: "Días abierta", en: "Days open" }, kind: "number", width: 9 },
} as const;

const groupFilter = (groupIds: number[] | null): SQL =>
  groupIds === null
    ? sql`true`
    : groupIds.length === 0
      ? sql`false`
      : sql`i.group_ids && array[${sql.join(
          groupIds.map((g) => sql`${g}::integer`),
          sql`, `,
        )}]::integer[]`;

async function incidentsWhere(
  db: Db | Tx,
  ctx: ReportContext,
  where: SQL,
): Promise<{ rows: Row[]; truncated: boolean }> {
  const { schoolId, lang } = ctx;
  // Names come from scalar subqueries, as the archive's: a few hundred rows a week.
  const rows = await reportRows<Row>(
    db,
    sql`select i.id, i.folio, i.occurred_at, i.classification, i.status, i.student_ids,
              ${bilingual(lang, sql`t.name_es`, sql`t.name_en`)} as type,
              (select concat_ws(' ', ${lang === "en" ? sql`coalesce(se.name_en, se.name)` : sql`se.name`}, gr.name, g.name)
                 from groups g join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
                 join sections se on se.school_id = gr.school_id and se.id = gr.section_id
                where g.school_id = i.school_id and g.id = i.group_id) as group_label,
              (select string_agg(concat_ws(' ', s.first_name, nullif(s.paternal_surname, ''), nullif(s.maternal_surname, '')), ', ' order by s.paternal_surname, s.first_name)
                 from incident_students ist join students s on s.school_id = ist.school_id and s.id = ist.student_id
                where ist.school_id = i.school_id and ist.incident_id = i.id) as students,
              ${userNameSql(sql`i.recorded_by`)} as recorder
         from incidents i
         join incident_types t on t.school_id = i.school_id and t.id = i.type_id
        where i.school_id = ${schoolId} and ${where} and ${groupFilter(ctx.groupIds)}
        order by i.occurred_at, i.id
        limit ${REPORT_MAX_ROWS + 1}`,
  );
  return { rows: rows.slice(0, REPORT_MAX_ROWS), truncated: rows.length > REPORT_MAX_ROWS };
}

const say = (texts: { es: string; en: string }, lang: Language) => texts[lang];
const iso = (v: string | Date) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

function counted(rows: Row[], lang: Language) {
  const by = <K extends string>(pick: (r: Row) => K) => {
    const counts = new Map<K, number>();
    for (const r of rows) counts.set(pick(r), (counts.get(pick(r)) ?? 0) + 1);
    return counts;
  };
  const classes = by((r) => r.classification);
  return (Object.keys(CLASSIFICATION) as Classification[])
    .filter((c) => classes.has(c))
    .map((c) => ({ label: say(CLASSIFICATION[c], lang), value: classes.get(c)! }));
}

/** What happened in the period: every incident with its type, classification, status, group and students. */
export const incidentSummaryReport: ReportType = {
  key: "incident-summary",
  name: { es: "Resumen de incidencias", en: "Incident summary" },
  description: {
    es: "Las incidencias registradas en el periodo: folio, fecha, tipo, clasificación, estatus, grupo y estudiantes, con los totales por clasificación.",
    en: "The incidents of the period: folio, date, type, classification, status, group and students, with totals by classification.",
  },
  period: "range",
  async collect(db, ctx): Promise<ReportTable> {
    const { rows, truncated } = await incidentsWhere(
      db,
      ctx,
      sql`i.occurred_at >= ${ctx.from.toISOString()}::timestamptz and i.occurred_at < ${ctx.to.toISOString()}::timestamptz`,
    );
    const { lang } = ctx;
    const statuses = (Object.keys(STATUS) as IncidentStatus[]).map((s) => ({
      label: say(STATUS[s], lang),
      value: rows.filter((r) => r.status === s).length,
    }));
    return {
      columns: [
        COLUMNS.folio,
        COLUMNS.when,
        COLUMNS.type,
        COLUMNS.classification,
        COLUMNS.status,
        COLUMNS.group,
        COLUMNS.students,
        COLUMNS.recorder,
      ],
      rows: rows.map((r) => ({
        folio: r.folio,
        occurred_at: iso(r.occurred_at),
        type: r.type,
        classification: say(CLASSIFICATION[r.classification], lang),
        status: say(STATUS[r.status], lang),
        group: r.group_label ?? "",
        students: r.students ?? "",
        recorded_by: r.recorder ?? "",
      })),
      summary: [
        { label: lang === "en" ? "Incidents" : "Incidencias", value: rows.length },
        ...counted(rows, lang),
        ...statuses.filter((s) => s.value > 0),
      ],
      studentIds: [...new Set(rows.flatMap((r) => r.student_ids))],
      truncated,
    };
  },
};

/** What stands open when it runs, oldest first, with how many days each has been open. */
export const openIncidentsReport: ReportType = {
  key: "open-incidents",
  name: { es: "Incidencias abiertas", en: "Open incidents" },
  description: {
    es: "Las incidencias que siguen en proceso al momento del envío, de la más antigua a la más reciente, con los días que llevan abiertas.",
    en: "The incidents still in process when it is sent, oldest first, with how many days each has been open.",
  },
  period: "snapshot",
  async collect(db, ctx): Promise<ReportTable> {
    const { rows, truncated } = await incidentsWhere(
      db,
      ctx,
      sql`i.status = 'open' and i.occurred_at < ${ctx.to.toISOString()}::timestamptz`,
    );
    const { lang } = ctx;
    const ageOf = (r: Row) =>
      Math.max(0, Math.floor((ctx.to.getTime() - new Date(iso(r.occurred_at)).getTime()) / 86_400_000));
    return {
      columns: [
        COLUMNS.folio,
        COLUMNS.when,
        COLUMNS.age,
        COLUMNS.type,
        COLUMNS.classification,
        COLUMNS.group,
        COLUMNS.students,
        COLUMNS.recorder,
      ],
      rows: rows.map((r) => ({
        folio: r.folio,
        occurred_at: iso(r.occurred_at),
        age_days: ageOf(r),
        type: r.type,
        classification: say(CLASSIFICATION[r.classification], lang),
        group: r.group_label ?? "",
        students: r.students ?? "",
        recorded_by: r.recorder ?? "",
      })),
      summary: [
        { label: lang === "en" ? "Open incidents" : "Incidencias abiertas", value: rows.length },
        ...counted(rows, lang),
      ],
      studentIds: [...new Set(rows.flatMap((r) => r.student_ids))],
      truncated,
    };
  },
};
