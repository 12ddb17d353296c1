import type { Language, Permission } from "@convive/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";

/**
 * The registry of scheduled report types (issue 31 §3). Each module that owns the data adds its types (incidents:
 * summary and open incidents; follow-up: overdue formative actions; points: recognitions; nursing: visits; forms:
 * pending forms), exported by its index.ts and listed in app.ts's `reportTypes`; the scheduled-reports module
 * knows none of them by name. A type answers a table — its columns in both languages and its rows in the reader's
 * language — which the module draws as a PDF or writes as an XLSX.
 */
export interface ReportColumn {
  key: string;
  label: { es: string; en: string };
  /** day: `YYYY-MM-DD`; dateTime: an ISO instant (shown on the school's clock); default text. */
  kind?: "text" | "number" | "day" | "dateTime";
  /** Relative width in the PDF and characters in the XLSX (default 14). */
  width?: number;
}

export type ReportCell = string | number | null;

export interface ReportTable {
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  /** Lines above the table ("Incidents: 12", "Serious: 3"), in the reader's language. */
  summary: { label: string; value: string | number }[];
  /** Every student the rows name: each recipient's read-log entry names them. */
  studentIds: number[];
  /** More rows matched than a file holds (REPORT_MAX_ROWS): the first ones are in it. */
  truncated: boolean;
}

export interface ReportContext {
  schoolId: string;
  timeZone: string;
  lang: Language;
  /** The period (range types): from (included) to (excluded). Snapshot types read what stands at `to`. */
  from: Date;
  to: Date;
  /** The groups of the current year the filters leave in, or null for the whole school. */
  groupIds: number[] | null;
}

export interface ReportType {
  /** Stable key stored with each report ("incident-summary"). */
  key: string;
  name: { es: string; en: string };
  description: { es: string; en: string };
  /** range: what happened in the period before each occurrence; snapshot: what stands when it runs. */
  period: "range" | "snapshot";
  /** Health data: only users holding this permission receive it, and no extra address (422 on save). */
  restrictedTo?: Permission;
  /** The table, one or two statements; the rows in the reader's language. */
  collect(db: Db | Tx, context: ReportContext): Promise<ReportTable>;
}

/** A file holds at most this many rows; a larger set says so above the table. */
export const REPORT_MAX_ROWS = 5000;

/** The rows of a raw statement. */
export async function reportRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `true`, or the condition that a student was in one of the filtered groups this year: the filter every
 * student-based type applies (a group of the current year; students who changed groups count where they are now).
 */
export function inGroups(studentId: SQL | SQL.Aliased | unknown, schoolId: string, groupIds: number[] | null): SQL {
  if (groupIds === null) return sql`true`;
  if (groupIds.length === 0) return sql`false`;
  return sql`exists (select 1 from student_groups sg join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
                      where sg.school_id = ${schoolId} and sg.student_id = ${studentId} and sg.group_id in (${sql.join(
                        groupIds.map((g) => sql`${g}::integer`),
                        sql`, `,
                      )}))`;
}

/** `students.<name>` of a student id as "Ana Pérez Ruiz". */
export const studentNameSql = (schoolId: string, studentId: SQL | unknown) =>
  sql`(select concat_ws(' ', s.first_name, nullif(s.paternal_surname, ''), nullif(s.maternal_surname, '')) from students s where s.school_id = ${schoolId} and s.id = ${studentId})`;

/** The current group's label ("Primaria 1° A") of a student, in the reader's language. */
export const studentGroupSql = (schoolId: string, studentId: SQL | unknown, lang: Language) =>
  sql`(select concat_ws(' ', ${lang === "en" ? sql`coalesce(se.name_en, se.name)` : sql`se.name`}, gr.name, g.name)
         from student_groups sg
         join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
         join groups g on g.school_id = sg.school_id and g.id = sg.group_id
         join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
         join sections se on se.school_id = gr.school_id and se.id = gr.section_id
        where sg.school_id = ${schoolId} and sg.student_id = ${studentId} limit 1)`;

/** A user's name ("Ana Pérez") by id. */
export const userNameSql = (userId: SQL | unknown) =>
  sql`(select trim(concat_ws(' ', u.first_name, u.paternal_surname)) from users u where u.id = ${userId})`;

/** A catalogue row's name in the reader's language (name_es/name_en tables). */
export const bilingual = (lang: Language, es: SQL, en: SQL) => (lang === "en" ? sql`coalesce(${en}, ${es})` : es);
