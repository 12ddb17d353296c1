import type { DashboardOptions, Language } from "@convive/domain";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

type Row = Record<string, unknown>;
const rowsOf = async (tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * The dashboard's filter values: every school year with its periods, the sections, grades and groups — for a
 * reader who sees only their own groups and records (`ownGroupIds`), their groups alone and no sections or grades:
 * a teacher narrows their dashboard to one of their groups.
 */
export async function dashboardOptions(
  tx: Tx,
  schoolId: string,
  language: Language,
  ownGroupIds: readonly number[] | null = null,
): Promise<Omit<DashboardOptions, "settings">> {
  const sectionName = sql.raw(language === "en" ? "coalesce(sc.name_en, sc.name)" : "sc.name");
  const [years, periods, sections, grades, groups] = await Promise.all([
    rowsOf(
      tx,
      sql`select id, name, is_current from school_years where school_id = ${schoolId} order by starts_on desc`,
    ),
    rowsOf(
      tx,
      sql`select id, name, school_year_id, to_char(starts_on, 'YYYY-MM-DD') as starts_on,
                 to_char(ends_on, 'YYYY-MM-DD') as ends_on
            from periods where school_id = ${schoolId} order by starts_on, "order", id`,
    ),
    rowsOf(
      tx,
      sql`select sc.id, ${sectionName} as name from sections sc where sc.school_id = ${schoolId}
           order by sc."order", sc.name`,
    ),
    rowsOf(tx, sql`select id, name, section_id from grades where school_id = ${schoolId} order by "order", name`),
    rowsOf(
      tx,
      sql`select g.id, concat_ws(' ', ${sectionName}, gr.name, g.name) as label, g.grade_id, g.school_year_id
            from groups g
            join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
            join sections sc on sc.school_id = gr.school_id and sc.id = gr.section_id
           where g.school_id = ${schoolId}
           order by sc."order", gr."order", g.name`,
    ),
  ]);
  const mine = ownGroupIds ? new Set(ownGroupIds) : null;
  return {
    school_years: years.map((y) => ({
      id: Number(y.id),
      name: String(y.name),
      is_current: Boolean(y.is_current),
      periods: periods
        .filter((p) => p.school_year_id === y.id)
        .map((p) => ({
          id: Number(p.id),
          name: String(p.name),
          starts_on: String(p.starts_on),
          ends_on: String(p.ends_on),
        })),
    })),
    sections: mine ? [] : sections.map((s) => ({ id: Number(s.id), name: String(s.name) })),
    grades: mine
      ? []
      : grades.map((g) => ({ id: Number(g.id), name: String(g.name), section_id: Number(g.section_id) })),
    groups: groups
      .filter((g) => !mine || mine.has(Number(g.id)))
      .map((g) => ({
        id: Number(g.id),
        label: String(g.label),
        grade_id: Number(g.grade_id),
        school_year_id: Number(g.school_year_id),
      })),
  };
}
