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

// The forms module's scheduled report type (issue 31 §3): who has still to answer the open forms.

interface Row {
  student_id: number;
  form: string;
  due_date: string | Date;
  student: string | null;
  group_label: string | null;
}

const dayOf = (v: string | Date) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** Every open form's students whose families have not sent the answer yet, by form and due date. */
export const pendingFormsReport: ReportType = {
  key: "pending-forms",
  name: { es: "Formularios pendientes", en: "Pending forms" },
  description: {
    es: "Los formularios abiertos y los estudiantes cuya familia aún no responde, con la fecha límite, al momento del envío.",
    en: "The open forms and the students whose family has not answered yet, with the due date, when it is sent.",
  },
  period: "snapshot",
  async collect(db, ctx): Promise<ReportTable> {
    const { schoolId, lang } = ctx;
    const rows = await reportRows<Row>(
      db,
      sql`select r.student_id, ${bilingual(lang, sql`t.name`, sql`nullif(t.name_en, '')`)} as form, f.due_date,
                 ${studentNameSql(schoolId, sql`r.student_id`)} as student,
                 ${studentGroupSql(schoolId, sql`r.student_id`, lang)} as group_label
            from form_responses r
            join forms f on f.school_id = r.school_id and f.id = r.form_id
            join form_templates t on t.school_id = f.school_id and t.id = f.template_id
           where r.school_id = ${schoolId} and r.status <> 'submitted' and f.closed_at is null
             and ${inGroups(sql`r.student_id`, schoolId, ctx.groupIds)}
           order by f.due_date, f.id, 4
           limit ${REPORT_MAX_ROWS + 1}`,
    );
    const kept = rows.slice(0, REPORT_MAX_ROWS);
    return {
      columns: [
        { key: "form", label: { es: "Formulario", en: "Form" }, width: 26 },
        { key: "due_date", label: { es: "Fecha límite", en: "Due date" }, kind: "day", width: 11 },
        { key: "student", label: { es: "Estudiante", en: "Student" }, width: 26 },
        { key: "group", label: { es: "Grupo", en: "Group" }, width: 18 },
      ],
      rows: kept.map((r) => ({
        form: r.form,
        due_date: dayOf(r.due_date),
        student: r.student ?? "",
        group: r.group_label ?? "",
      })),
      summary: [
        { label: lang === "en" ? "Answers pending" : "Respuestas pendientes", value: kept.length },
        { label: lang === "en" ? "Forms" : "Formularios", value: new Set(kept.map((r) => r.form)).size },
      ],
      studentIds: [...new Set(kept.map((r) => r.student_id))],
      truncated: rows.length > REPORT_MAX_ROWS,
    };
  },
};
