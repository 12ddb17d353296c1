import {
  ADDRESS_FIELDS,
  IMPORT_COLUMNS,
  isValidCurp,
  normalizeId,
  STUDENT_GENDERS,
  STUDENT_STATUSES,
} from "@convive/domain";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Address, grades, groups, sections, studentGroups, students } from "../../db/schema/index.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { currentYear } from "../school-years/index.ts";
import { fold, optionLabels, parseDay, parseOption } from "./cells.ts";
import { chunks, emptyCounts, type Issue, type Plan, type Row, requireCells, rowsWithBreaks } from "./plan.ts";

const COLUMNS = IMPORT_COLUMNS.students;

/** The address columns of a row; a 4-digit postal code lost its leading zero in a number cell. */
export function addressOf(row: Row): Address | null {
  const parts: [string, string][] = [];
  for (const field of ADDRESS_FIELDS) {
    let value = row.get(field);
    if (field === "postal_code" && /^\d{4}$/.test(value)) value = `0${value}`;
    if (value) parts.push([field, value]);
  }
  return parts.length > 0 ? (Object.fromEntries(parts) as Address) : null;
}

/** The current year's groups by "section|grade|group" and by "grade|group" (when that is unambiguous). */
async function groupIndex(tx: Tx, schoolId: string, yearId: number) {
  const rows = await tx
    .select({ id: groups.id, group: groups.name, grade: grades.name, section: sections.name })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(groups, schoolId, eq(groups.schoolYearId, yearId)));
  const index = new Map<string, number | null>();
  for (const r of rows) {
    index.set(`${fold(r.section)}|${fold(r.grade)}|${fold(r.group)}`, r.id);
    const short = `|${fold(r.grade)}|${fold(r.group)}`;
    // Two sections with a "1° A" each: the section must then be given.
    index.set(short, index.has(short) ? null : r.id);
  }
  return index;
}

interface Good {
  row: Row;
  values: typeof students.$inferInsert;
  groupId: number | null;
}

/** Students from a file: new enrollments only, each optionally placed in a group of the current year. */
export async function planStudents(tx: Tx, schoolId: string, rows: readonly Row[]): Promise<Plan> {
  const issues: Issue[] = [];
  const year = await currentYear(tx, schoolId);
  const index = year ? await groupIndex(tx, schoolId, year.id) : new Map<string, number | null>();
  const taken = new Set(
    (
      await forSchool(tx, schoolId)
        .pick(students, { e: sql<string>`lower(${students.enrollment})` })
        .where()
    ).map((r) => r.e),
  );
  const firstRowOf = new Map<string, number>();
  const good: Good[] = [];
  for await (const row of rowsWithBreaks(rows)) {
    const n = row.number;
    const problems = issues.length;
    requireCells(row, COLUMNS, issues);
    const enrollment = row.get("enrollment");
    const key = enrollment.toLowerCase();
    if (enrollment && firstRowOf.has(key)) {
      issues.push({ row: n, column: "enrollment", code: "DUPLICATE_IN_FILE", params: { row: firstRowOf.get(key)! } });
    } else if (enrollment && taken.has(key)) issues.push({ row: n, column: "enrollment", code: "ENROLLMENT_TAKEN" });
    if (enrollment && !firstRowOf.has(key)) firstRowOf.set(key, n);

    const birthday = row.get("birthday") ? parseDay(row.get("birthday")) : null;
    if (row.get("birthday") && !birthday) issues.push({ row: n, column: "birthday", code: "INVALID_DATE" });
    const gender = row.get("gender") ? parseOption(row.get("gender"), STUDENT_GENDERS) : null;
    if (row.get("gender") && !gender) {
      issues.push({ row: n, column: "gender", code: "INVALID_OPTION", allowed: optionLabels(STUDENT_GENDERS) });
    }
    const status = row.get("status") ? parseOption(row.get("status"), STUDENT_STATUSES) : "active";
    if (!status)
      issues.push({ row: n, column: "status", code: "INVALID_OPTION", allowed: optionLabels(STUDENT_STATUSES) });
    const curp = row.get("curp");
    if (curp && !isValidCurp(curp)) issues.push({ row: n, column: "curp", code: "INVALID_CURP" });

    let groupId: number | null = null;
    const [section, grade, group] = [row.get("section"), row.get("grade"), row.get("group")];
    if (section || grade || group) {
      if (!year) issues.push({ row: n, column: "group", code: "CURRENT_YEAR_REQUIRED" });
      else {
        groupId = index.get(`${section ? fold(section) : ""}|${fold(grade)}|${fold(group)}`) ?? null;
        if (groupId === null) issues.push({ row: n, column: "group", code: "UNKNOWN_GROUP" });
      }
    }
    if (issues.length > problems) continue;
    good.push({
      row,
      groupId,
      values: {
        schoolId,
        enrollment,
        firstName: row.get("first_name"),
        paternalSurname: row.get("paternal_surname"),
        maternalSurname: row.get("maternal_surname"),
        birthday,
        gender,
        curp: curp ? normalizeId(curp) : null,
        address: addressOf(row),
        observations: row.get("observations") || null,
        status: status!,
      },
    });
  }

  const counts = emptyCounts(rows.length);
  counts.students_created = good.length;
  return {
    total: rows.length,
    issues,
    counts,
    touchedUserIds: () => [],
    write: async (wtx, progress) => {
      let done = 0;
      for (const part of chunks(good)) {
        const inserted = await wtx
          .insert(students)
          .values(part.map((g) => g.values))
          .returning({ id: students.id, enrollment: students.enrollment });
        const idOf = new Map(inserted.map((r) => [r.enrollment, r.id]));
        const placed = part.filter((g) => g.groupId !== null);
        if (year && placed.length > 0) {
          await wtx.insert(studentGroups).values(
            placed.map((g) => ({
              schoolId,
              studentId: idOf.get(g.values.enrollment)!,
              schoolYearId: year.id,
              groupId: g.groupId!,
            })),
          );
        }
        done += part.length;
        progress(done);
      }
    },
  };
}
