import { todayIn } from "@convive/domain";
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
  userNameSql,
} from "../../lib/report-types.ts";

// The points module's scheduled report type (issue 31 §3): the period's recognitions.

interface Row {
  student_id: number;
  day: string | Date;
  student: string | null;
  group_label: string | null;
  what: string;
  points: number;
  by: string | null;
}

const dayOf = (v: string | Date) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** Positive observations and awarded points of the period, by day, with the totals. */
export const recognitionsReport: ReportType = {
  key: "recognitions",
  name: { es: "Reconocimientos", en: "Recognitions" },
  description: {
    es: "Las observaciones positivas y los puntos otorgados en el periodo, por estudiante, con el total de puntos.",
    en: "The positive observations and points awarded in the period, by student, with the total points.",
  },
  period: "range",
  async collect(db, ctx): Promise<ReportTable> {
    const { schoolId, lang } = ctx;
    // Observations and awards are kept by day: the period's days on the school's clock.
    const from = todayIn(ctx.timeZone, ctx.from);
    const to = todayIn(ctx.timeZone, ctx.to);
    const rows = await reportRows<Row>(
      db,
      sql`select * from (
            select o.student_id, o.observed_on as day, ${bilingual(lang, sql`t.name_es`, sql`t.name_en`)} as what,
                   o.points, ${userNameSql(sql`o.recorded_by`)} as by
              from accompaniment_observations o
              join observation_types t on t.school_id = o.school_id and t.id = o.observation_type_id
             where o.school_id = ${schoolId} and t.kind = 'positive' and o.observed_on >= ${from}::date and o.observed_on < ${to}::date
               and ${inGroups(sql`o.student_id`, schoolId, ctx.groupIds)}
            union all
            select a.student_id, a.awarded_on, a.reason, a.points, ${userNameSql(sql`a.awarded_by`)}
              from point_awards a
             where a.school_id = ${schoolId} and a.kind = 'award' and a.awarded_on >= ${from}::date and a.awarded_on < ${to}::date
               and ${inGroups(sql`a.student_id`, schoolId, ctx.groupIds)}
          ) r
          cross join lateral (select ${studentNameSql(schoolId, sql`r.student_id`)} as student,
                                     ${studentGroupSql(schoolId, sql`r.student_id`, lang)} as group_label) n
          order by r.day, n.student
          limit ${REPORT_MAX_ROWS + 1}`,
    );
    const kept = rows.slice(0, REPORT_MAX_ROWS);
    const total = kept.reduce((sum, r) => sum + Number(r.points), 0);
    return {
      columns: [
        { key: "day", label: { es: "Fecha", en: "Date" }, kind: "day", width: 11 },
        { key: "student", label: { es: "Estudiante", en: "Student" }, width: 24 },
        { key: "group", label: { es: "Grupo", en: "Group" }, width: 16 },
        { key: "what", label: { es: "Reconocimiento", en: "Recognition" }, width: 28 },
        { key: "points", label: { es: "Puntos", en: "Points" }, kind: "number", width: 8 },
        { key: "by", label: { es: "Otorgó", en: "Given by" }, width: 16 },
      ],
      rows: kept.map((r) => ({
        day: dayOf(r.day),
        student: r.student ?? "",
        group: r.group_label ?? "",
        what: r.what,
        points: Number(r.points),
        by: r.by ?? "",
      })),
      summary: [
        { label: lang === "en" ? "Recognitions" : "Reconocimientos", value: kept.length },
        { label: lang === "en" ? "Points" : "Puntos", value: total },
      ],
      studentIds: [...new Set(kept.map((r) => r.student_id))],
      truncated: rows.length > REPORT_MAX_ROWS,
    };
  },
};
