import {
  type ImportKind,
  type Language,
  OPTION_LABELS,
  RELATIONSHIPS,
  STUDENT_GENDERS,
  STUDENT_STATUSES,
} from "@convive/domain";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { grades, groups, profiles, sections } from "../../db/schema/index.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { currentYear } from "../school-years/index.ts";

const T = {
  profile: { es: "Perfil", en: "Profile" },
  gender: { es: "Género", en: "Gender" },
  status: { es: "Estatus", en: "Status" },
  section: { es: "Nivel", en: "Section" },
  grade: { es: "Grado", en: "Grade" },
  group: { es: "Grupo", en: "Group" },
  relationship: { es: "Parentesco", en: "Relationship" },
  yesNo: { es: "Sí / No", en: "Yes / No" },
} as const;

const labels = (keys: readonly (keyof typeof OPTION_LABELS)[], lang: Language) =>
  keys.map((k) => OPTION_LABELS[k][lang]);

/** The "allowed values" sheet of a template: fixed lists, and the school's own profiles and current groups. */
export async function templateLists(db: Db, schoolId: string, kind: ImportKind, lang: Language) {
  if (kind === "users") {
    const rows = await forSchool(db, schoolId)
      .pick(profiles, { name: profiles.name })
      .where()
      .orderBy(asc(profiles.id));
    return [{ title: T.profile[lang], values: rows.map((r) => r.name) }];
  }
  if (kind === "families") {
    return [
      { title: T.relationship[lang], values: labels(RELATIONSHIPS, lang) },
      { title: T.yesNo[lang], values: lang === "es" ? ["Sí", "No"] : ["Yes", "No"] },
    ];
  }
  const year = await currentYear(db, schoolId);
  const placed = year
    ? await db
        .select({ section: sections.name, grade: grades.name, group: groups.name })
        .from(groups)
        .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
        .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
        .where(ofSchool(groups, schoolId, eq(groups.schoolYearId, year.id)))
        .orderBy(asc(sections.order), asc(grades.order), asc(groups.name))
    : [];
  return [
    { title: T.gender[lang], values: labels(STUDENT_GENDERS, lang) },
    { title: T.status[lang], values: labels(STUDENT_STATUSES, lang) },
    { title: T.section[lang], values: placed.map((p) => p.section) },
    { title: T.grade[lang], values: placed.map((p) => p.grade) },
    { title: T.group[lang], values: placed.map((p) => p.group) },
  ];
}
