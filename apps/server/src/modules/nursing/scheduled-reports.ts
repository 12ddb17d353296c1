import { perm } from "@convive/domain";
import { sql } from "drizzle-orm";
import {
  bilingual,
  inGroups,
  REPORT_MAX_ROWS,
  type ReportTable,
  type ReportType,
  reportRows,
  studentGroupSql,
  studentNameSql,
} from "../../lib/report-types.ts";

// The nursing module's scheduled report type (issue 31 §3): the period's infirmary visits. Health data: only users
// who hold the nursing permission receive it, never an outside address.

interface Row {
  student_id: number;
  arrived_at: string | Date;
  left_at: string | Date | null;
  student: string | null;
  group_label: string | null;
  reason: string;
  outcome: string | null;
}

const iso = (v: string | Date) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** The period's visits to the infirmary: when, who, the reason and the outcome (no clinical notes). */
export const nursingVisitsReport: ReportType = {
  key: "nursing-visits",
  name: { es: "Visitas a enfermería", en: "Nursing visits" },
  description: {
    es: "Las visitas a enfermería del periodo: hora, estudiante, motivo y resultado (sin notas clínicas). Solo para usuarios con permiso de enfermería.",
    en: "The period's nursing visits: time, student, reason and outcome (no clinical notes). Only for users with the nursing permission.",
  },
  period: "range",
  restrictedTo: perm("nursing", "read"),
  async collect(db, ctx): Promise<ReportTable> {
    const { schoolId, lang } = ctx;
    const rows = await reportRows<Row>(
      db,
      sql`select v.student_id, v.arrived_at, v.left_at,
                 ${studentNameSql(schoolId, sql`v.student_id`)} as student,
                 ${studentGroupSql(schoolId, sql`v.student_id`, lang)} as group_label,
                 ${bilingual(lang, sql`r.name`, sql`nullif(r.name_en, '')`)} as reason,
                 ${bilingual(lang, sql`o.name`, sql`nullif(o.name_en, '')`)} as outcome
            from infirmary_visits v
            join nursing_options r on r.school_id = v.school_id and r.id = v.reason_id
            left join nursing_options o on o.school_id = v.school_id and o.id = v.outcome_id
           where v.school_id = ${schoolId}
             and v.arrived_at >= ${ctx.from.toISOString()}::timestamptz and v.arrived_at < ${ctx.to.toISOString()}::timestamptz
             and ${inGroups(sql`v.student_id`, schoolId, ctx.groupIds)}
           order by v.arrived_at, v.id
           limit ${REPORT_MAX_ROWS + 1}`,
    );
    const kept = rows.slice(0, REPORT_MAX_ROWS);
    return {
      columns: [
        { key: "arrived_at", label: { es: "Llegada", en: "Arrived" }, kind: "dateTime", width: 16 },
        { key: "left_at", label: { es: "Salida", en: "Left" }, kind: "dateTime", width: 16 },
        { key: "student", label: { es: "Estudiante", en: "Student" }, width: 24 },
        { key: "group", label: { es: "Grupo", en: "Group" }, width: 16 },
        { key: "reason", label: { es: "Motivo", en: "Reason" }, width: 20 },
        { key: "outcome", label: { es: "Resultado", en: "Outcome" }, width: 18 },
      ],
      rows: kept.map((r) => ({
        arrived_at: iso(r.arrived_at),
        left_at: r.left_at ? iso(r.left_at) : null,
        student: r.student ?? "",
        group: r.group_label ?? "",
        reason: r.reason,
        outcome: r.outcome ?? "",
      })),
      summary: [{ label: lang === "en" ? "Visits" : "Visitas", value: kept.length }],
      studentIds: [...new Set(kept.map((r) => r.student_id))],
      truncated: rows.length > REPORT_MAX_ROWS,
    };
  },
};
