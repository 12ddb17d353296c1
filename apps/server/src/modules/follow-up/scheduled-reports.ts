import { todayIn } from "@convive/domain";
import { sql } from "drizzle-orm";
import {
  inGroups,
  REPORT_MAX_ROWS,
  type ReportTable,
  type ReportType,
  reportRows,
  studentGroupSql,
  studentNameSql,
  userNameSql,
} from "../../lib/report-types.ts";

// The follow-up module's scheduled report type (issue 31 §3): formative actions past their day.

interface Row {
  student_id: number;
  student: string | null;
  group_label: string | null;
  guideline: string;
  responsible: string | null;
  due_on: string | Date;
  folio: number | null;
}

const day = (v: string | Date) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** Formative actions whose occurrence is past its day (not completed, not waived) when the report runs. */
export const overdueActionsReport: ReportType = {
  key: "overdue-formative-actions",
  name: { es: "Acciones formativas vencidas", en: "Overdue formative actions" },
  description: {
    es: "Las acciones formativas con una fecha ya pasada sin completar ni dispensar, con su responsable, al momento del envío.",
    en: "The formative actions past their day, neither completed nor waived, with who is responsible, when it is sent.",
  },
  period: "snapshot",
  async collect(db, ctx): Promise<ReportTable> {
    const { schoolId, lang } = ctx;
    const today = todayIn(ctx.timeZone, ctx.to);
    const rows = await reportRows<Row>(
      db,
      sql`select fa.student_id, ${studentNameSql(schoolId, sql`fa.student_id`)} as student,
                 ${studentGroupSql(schoolId, sql`fa.student_id`, lang)} as group_label,
                 fa.guideline, ${userNameSql(sql`fa.responsible_id`)} as responsible, fa.next_due_on as due_on,
                 (select i.folio from incidents i where i.school_id = fa.school_id and i.id = fa.incident_id) as folio
            from formative_actions fa
           where fa.school_id = ${schoolId} and fa.waived_at is null and fa.next_due_on < ${today}::date
             and ${inGroups(sql`fa.student_id`, schoolId, ctx.groupIds)}
           order by fa.next_due_on, fa.id
           limit ${REPORT_MAX_ROWS + 1}`,
    );
    const kept = rows.slice(0, REPORT_MAX_ROWS);
    return {
      columns: [
        { key: "due_on", label: { es: "Vencía", en: "Due" }, kind: "day", width: 11 },
        { key: "student", label: { es: "Estudiante", en: "Student" }, width: 24 },
        { key: "group", label: { es: "Grupo", en: "Group" }, width: 16 },
        { key: "guideline", label: { es: "Acción", en: "Action" }, width: 32 },
        { key: "responsible", label: { es: "Responsable", en: "Responsible" }, width: 18 },
        { key: "folio", label: { es: "Folio", en: "Folio" }, kind: "number", width: 7 },
      ],
      rows: kept.map((r) => ({
        due_on: day(r.due_on),
        student: r.student ?? "",
        group: r.group_label ?? "",
        guideline: r.guideline,
        responsible: r.responsible ?? "",
        folio: r.folio,
      })),
      summary: [{ label: lang === "en" ? "Overdue actions" : "Acciones vencidas", value: kept.length }],
      studentIds: [...new Set(kept.map((r) => r.student_id))],
      truncated: rows.length > REPORT_MAX_ROWS,
    };
  },
};
