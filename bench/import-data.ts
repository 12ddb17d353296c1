/**
 * Data for the massive-upload bench and the 10 000-row test: a school with its current year and groups, and
 * an XLSX of students in the template's Spanish headers, every row valid (CURPs with their check digit).
 */
import { curpCheckDigit, IMPORT_COLUMNS } from "@convive/domain";
import ExcelJS from "exceljs";
import type { Db } from "../apps/server/src/db/client.ts";
import { grades, groups, memberships, schoolYears, sections, users } from "../apps/server/src/db/schema/index.ts";
import { hashPassword } from "../apps/server/src/lib/passwords.ts";
import { insertSchoolWithProfiles } from "../apps/server/src/modules/schools/schools.repository.ts";

export const BENCH_PASSWORD = "Bench.Import.2026";
const GRADES = ["1°", "2°", "3°", "4°", "5°", "6°"];
const GROUPS = ["A", "B", "C"];
const FIRST = [
  "Sofía",
  "Mateo",
  "Valentina",
  "Santiago",
  "Regina",
  "Leonardo",
  "Ximena",
  "Emiliano",
  "Camila",
  "Diego",
];
const SURNAMES = [
  "Hernández",
  "García",
  "Martínez",
  "López",
  "González",
  "Pérez",
  "Rodríguez",
  "Sánchez",
  "Ramírez",
  "Cruz",
];

/** A school with a director (password BENCH_PASSWORD) and 18 groups (Primaria 1°–6° A–C) in the current year. */
export async function seedImportSchool(db: Db, schoolId: string) {
  const { profileIds } = await db.transaction((tx) =>
    insertSchoolWithProfiles(tx, { id: schoolId, name: "Colegio Bench" }),
  );
  const [director] = await db
    .insert(users)
    .values({
      firstName: "Dirección",
      email: `director@${schoolId}.test`,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      passwordUpdated: 1,
    })
    .returning();
  await db.insert(memberships).values({ schoolId, userId: director!.id, profileId: profileIds.director! });
  const [year] = await db
    .insert(schoolYears)
    .values({ schoolId, name: "2026-2027", startsOn: "2026-08-24", endsOn: "2027-07-09", isCurrent: true })
    .returning();
  const [section] = await db.insert(sections).values({ schoolId, name: "Primaria" }).returning();
  for (const [order, name] of GRADES.entries()) {
    const [grade] = await db.insert(grades).values({ schoolId, sectionId: section!.id, name, order }).returning();
    await db
      .insert(groups)
      .values(GROUPS.map((g) => ({ schoolId, gradeId: grade!.id, schoolYearId: year!.id, name: g })));
  }
  return { email: director!.email };
}

const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();

/** A valid CURP for a generated student (the consonant part is fixed: only the format and digit matter here). */
function curpOf(first: string, paternal: string, maternal: string, birthday: string, female: boolean, i: number) {
  const [p, m, f] = [plain(paternal), plain(maternal), plain(first)];
  const vowel = [...p.slice(1)].find((c) => "AEIOU".includes(c)) ?? "X";
  const body = `${p[0]}${vowel}${m[0]}${f[0]}${birthday.slice(2, 4)}${birthday.slice(5, 7)}${birthday.slice(8, 10)}${female ? "M" : "H"}DF${"RRNLS"[i % 5]}${"TZPQR"[i % 5]}${"NMLKJ"[i % 5]}${"ABCDEFGHJK"[i % 10]}`;
  return body + String(curpCheckDigit(body));
}

/** `count` student rows with every column of the Spanish template filled. */
export function studentRows(count: number, prefix = "BEN-2026-"): string[][] {
  return Array.from({ length: count }, (_, i) => {
    const female = i % 2 === 0;
    const first = pick(FIRST, i);
    const paternal = pick(SURNAMES, i * 7);
    const maternal = pick(SURNAMES, i * 3 + 1);
    const birthday = `${2014 + (i % 6)}-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;
    const values: Record<string, string> = {
      enrollment: `${prefix}${String(i + 1).padStart(5, "0")}`,
      first_name: first,
      paternal_surname: paternal,
      maternal_surname: maternal,
      birthday,
      gender: female ? "Mujer" : "Hombre",
      curp: curpOf(first, paternal, maternal, birthday, female, i),
      section: "Primaria",
      grade: pick(GRADES, i),
      group: pick(GROUPS, Math.floor(i / GRADES.length)),
      status: "Activo",
      street: "Av. Universidad",
      outside_number: String(100 + (i % 900)),
      inside_number: i % 3 === 0 ? `Depto. ${1 + (i % 12)}` : "",
      neighbourhood: "Narvarte Poniente",
      postal_code: "03020",
      municipality: "",
      delegation: "Benito Juárez",
      city: "Ciudad de México",
      state: "Ciudad de México",
      country: "México",
      observations: i % 17 === 0 ? "Usa lentes" : "",
    };
    return IMPORT_COLUMNS.students.map((c) => values[c.key] ?? "");
  });
}

/** The rows as an XLSX with the template's Spanish headers, built in memory. */
export async function studentsXlsx(rows: readonly string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Datos");
  sheet.addRow(IMPORT_COLUMNS.students.map((c) => c.es));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
