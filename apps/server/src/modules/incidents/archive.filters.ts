import type { ArchiveFilters, Classification, IncidentCategory, Language } from "@convive/domain";
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  grades,
  groups,
  incidentCategories,
  incidents,
  incidentTypes,
  memberships,
  sections,
  studentGroups,
  subjects,
  users,
} from "../../db/schema/index.ts";
import { alphabetical, shortName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { currentYear } from "../school-years/index.ts";
import { groupLabelIn } from "./registration-options.repository.ts";
import { incidentsWhere, type Scope } from "./scope.ts";

/**
 * The values of the archive's filters. Staff get the school's whole catalogue (with how many incidents use each
 * type, as the configurator counts them), the groups of the current year and the members who recorded incidents.
 * A family gets only what narrows their own children's incidents: the categories, types and subjects those
 * incidents use (counted among them) and their children's groups — no list of staff, no school-wide figures.
 * Levels carry both names; group labels come in the reader's language.
 */
export async function archiveFilters(db: Tx, scope: Scope, language: Language = "es"): Promise<ArchiveFilters> {
  const { schoolId } = scope;
  const family = scope.kind === "family";
  const year = await currentYear(db, schoolId);
  const [categories, structure, subjectRows, recorders] = await Promise.all([
    categoriesWithTypes(db, scope),
    family ? childrenStructure(db, scope, year?.id, language) : schoolStructure(db, schoolId, year?.id, language),
    forSchool(db, schoolId)
      .pick(subjects, { id: subjects.id, name: subjects.name })
      .where(
        family
          ? sql`${subjects.id} in (select ${incidents.subjectId} from ${incidents} where ${incidentsWhere(scope)})`
          : undefined,
      )
      .orderBy(asc(alphabetical(subjects.name)), asc(subjects.id)),
    family ? Promise.resolve([]) : recordersOf(db, schoolId),
  ]);
  return { categories, ...structure, subjects: subjectRows, recorders };
}

async function categoriesWithTypes(db: Tx, scope: Scope): Promise<IncidentCategory[]> {
  const { schoolId } = scope;
  // Staff: one grouped pass over incidents_type_idx. Family: among their few incidents, only types that have some.
  const counted = db
    .select({ typeId: incidents.typeId, n: sql<number>`count(*)::int`.as("n") })
    .from(incidents)
    .where(scope.kind === "family" ? incidentsWhere(scope) : ofSchool(incidents, schoolId))
    .groupBy(incidents.typeId)
    .as("counted");
  const rows = await db
    .select({
      category: {
        id: incidentCategories.id,
        name_es: incidentCategories.nameEs,
        name_en: incidentCategories.nameEn,
        order: incidentCategories.order,
        is_active: incidentCategories.isActive,
      },
      type: {
        id: incidentTypes.id,
        category_id: incidentTypes.categoryId,
        name_es: incidentTypes.nameEs,
        name_en: incidentTypes.nameEn,
        classification: sql<Classification>`${incidentTypes.classification}`,
        default_points: incidentTypes.defaultPoints,
        notify_family: incidentTypes.notifyFamily,
        guidelines: incidentTypes.guidelines,
        guidelines_en: incidentTypes.guidelinesEn,
        is_active: incidentTypes.isActive,
        protocol_id: incidentTypes.protocolId,
        incidents_count: sql<number>`coalesce(${counted.n}, 0)`,
      },
    })
    .from(incidentCategories)
    .leftJoin(
      incidentTypes,
      sameSchool(incidentTypes, incidentCategories, eq(incidentTypes.categoryId, incidentCategories.id)),
    )
    .leftJoin(counted, eq(counted.typeId, incidentTypes.id))
    .where(ofSchool(incidentCategories, schoolId, scope.kind === "family" ? sql`${counted.n} > 0` : undefined))
    .orderBy(
      asc(incidentCategories.order),
      asc(alphabetical(incidentCategories.nameEs)),
      asc(alphabetical(incidentTypes.nameEs)),
    );
  const out = new Map<number, IncidentCategory>();
  for (const row of rows) {
    const category = out.get(row.category.id) ?? { ...row.category, types: [] };
    out.set(row.category.id, category);
    if (row.type?.id != null) category.types.push({ ...row.type, incidents_count: Number(row.type.incidents_count) });
  }
  return [...out.values()];
}

type Structure = Pick<ArchiveFilters, "sections" | "grades" | "groups">;

/** Every section and grade; the groups of the current year. */
async function schoolStructure(
  db: Tx,
  schoolId: string,
  yearId: number | undefined,
  language: Language,
): Promise<Structure> {
  const [sectionRows, gradeRows, groupRows] = await Promise.all([
    forSchool(db, schoolId)
      .pick(sections, { id: sections.id, name: sections.name, name_en: sections.nameEn })
      .where()
      .orderBy(asc(sections.order), asc(sections.name)),
    forSchool(db, schoolId)
      .pick(grades, { id: grades.id, name: grades.name, section_id: grades.sectionId })
      .where()
      .orderBy(asc(grades.order), asc(grades.name)),
    yearId === undefined ? Promise.resolve([]) : groupsOfYear(db, schoolId, yearId, language),
  ]);
  return { sections: sectionRows, grades: gradeRows, groups: groupRows };
}

/** The current groups of a family's children, and only their grades and sections. */
async function childrenStructure(
  db: Tx,
  scope: Scope,
  yearId: number | undefined,
  language: Language,
): Promise<Structure> {
  if (scope.kind !== "family" || yearId === undefined || scope.childIds.length === 0) {
    return { sections: [], grades: [], groups: [] };
  }
  const theirs = sql`${groups.id} in (select ${studentGroups.groupId} from ${studentGroups}
    where ${studentGroups.schoolId} = ${scope.schoolId} and ${studentGroups.schoolYearId} = ${yearId}
      and ${inArray(studentGroups.studentId, scope.childIds)})`;
  const groupRows = await groupsOfYear(db, scope.schoolId, yearId, language, theirs);
  const gradeIds = [...new Set(groupRows.map((g) => g.grade_id))];
  const gradeRows = gradeIds.length
    ? await forSchool(db, scope.schoolId)
        .pick(grades, { id: grades.id, name: grades.name, section_id: grades.sectionId })
        .where(inArray(grades.id, gradeIds))
        .orderBy(asc(grades.order), asc(grades.name))
    : [];
  const sectionIds = [...new Set(gradeRows.map((g) => g.section_id))];
  const sectionRows = sectionIds.length
    ? await forSchool(db, scope.schoolId)
        .pick(sections, { id: sections.id, name: sections.name, name_en: sections.nameEn })
        .where(inArray(sections.id, sectionIds))
        .orderBy(asc(sections.order), asc(sections.name))
    : [];
  return { sections: sectionRows, grades: gradeRows, groups: groupRows };
}

const groupsOfYear = (db: Tx, schoolId: string, yearId: number, language: Language, extra?: SQL) =>
  db
    .select({
      id: groups.id,
      label: groupLabelIn(language),
      grade_id: groups.gradeId,
    })
    .from(groups)
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(groups, schoolId, eq(groups.schoolYearId, yearId), extra))
    .orderBy(asc(sections.order), asc(grades.order), asc(groups.name));

/** Members who recorded at least one incident: one probe of incidents_recorded_by_idx per member. */
const recordersOf = (db: Tx, schoolId: string) =>
  db
    .select({ id: users.id, name: shortName(users) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      ofSchool(
        memberships,
        schoolId,
        sql`exists (select 1 from ${incidents} where ${incidents.schoolId} = ${memberships.schoolId}
                     and ${incidents.recordedBy} = ${memberships.userId})`,
      ),
    )
    .orderBy(asc(alphabetical(users.firstName)), asc(alphabetical(users.paternalSurname)), asc(users.id));
