import { englishLevelName, englishPeriodName } from "@convive/domain";
import type { Tx } from "../client.ts";
import {
  grades,
  groups,
  periods,
  schoolYears,
  sections,
  subjectGrades,
  subjects,
  teachingAssignments,
} from "../schema/index.ts";
import { eachChunk } from "./helpers.ts";

export interface DateRange {
  name: string;
  startsOn: string;
  endsOn: string;
}

export interface GradeSpec {
  name: string;
  /** School years since 1° Primaria (1–6 Primaria, 7–9 Secundaria): drives subjects and students' ages. */
  level: number;
  groups: readonly string[];
}

export interface SectionSpec {
  name: string;
  grades: readonly GradeSpec[];
}

export interface SubjectSpec {
  name: string;
  code: string;
  levels: readonly number[];
}

export interface BuiltGroup {
  id: number;
  /** e.g. "3° A Primaria" */
  label: string;
  level: number;
  headTeacherId: number;
}

export interface StructureSpec {
  schoolId: string;
  year: DateRange;
  periods: readonly DateRange[];
  sections: readonly SectionSpec[];
  subjects: readonly SubjectSpec[];
  /** Head teacher (a member of the school) of the group with this label. */
  headTeacher: (label: string) => number;
  /** Who teaches this subject to this group, if anyone. */
  teacherFor: (group: BuiltGroup, subjectCode: string) => number | undefined;
}

/** Loads a school's current year, periods, sections, grades, groups, subjects and teaching assignments. */
export async function buildStructure(tx: Tx, spec: StructureSpec) {
  const schoolId = spec.schoolId;
  const [year] = await tx
    .insert(schoolYears)
    .values({ schoolId, ...spec.year, isCurrent: true })
    .returning({ id: schoolYears.id });
  const schoolYearId = year!.id;
  // Names in both languages, as the configurator gives them (issue 12 §6): "Bimestre 1" / "Bimester 1".
  await tx
    .insert(periods)
    .values(
      spec.periods.map((p, i) => ({ schoolId, schoolYearId, order: i + 1, nameEn: englishPeriodName(p.name), ...p })),
    );

  const sectionRows = await tx
    .insert(sections)
    .values(spec.sections.map((s, i) => ({ schoolId, name: s.name, nameEn: englishLevelName(s.name), order: i + 1 })))
    .returning({ id: sections.id, name: sections.name });
  const sectionId = new Map(sectionRows.map((s) => [s.name, s.id]));

  const gradeList = spec.sections.flatMap((s) => s.grades.map((g, i) => ({ section: s.name, grade: g, order: i + 1 })));
  const gradeRows = await tx
    .insert(grades)
    .values(
      gradeList.map((g) => ({ schoolId, sectionId: sectionId.get(g.section)!, name: g.grade.name, order: g.order })),
    )
    .returning({ id: grades.id, sectionId: grades.sectionId, name: grades.name });
  const gradeId = new Map(gradeRows.map((g) => [`${g.sectionId}|${g.name}`, g.id]));

  const groupList = gradeList.flatMap(({ section, grade }) =>
    grade.groups.map((name) => {
      const label = `${grade.name} ${name} ${section}`;
      const id = gradeId.get(`${sectionId.get(section)}|${grade.name}`)!;
      return { label, level: grade.level, gradeId: id, name, headTeacherId: spec.headTeacher(label) };
    }),
  );
  const groupRows = await tx
    .insert(groups)
    .values(
      groupList.map((g) => ({
        schoolId,
        schoolYearId,
        gradeId: g.gradeId,
        name: g.name,
        headTeacherId: g.headTeacherId,
      })),
    )
    .returning({ id: groups.id, gradeId: groups.gradeId, name: groups.name });
  const groupId = new Map(groupRows.map((g) => [`${g.gradeId}|${g.name}`, g.id]));
  const built: BuiltGroup[] = groupList.map((g) => ({
    id: groupId.get(`${g.gradeId}|${g.name}`)!,
    label: g.label,
    level: g.level,
    headTeacherId: g.headTeacherId,
  }));

  const subjectRows = await tx
    .insert(subjects)
    .values(spec.subjects.map((s) => ({ schoolId, name: s.name, code: s.code })))
    .returning({ id: subjects.id, code: subjects.code });
  const subjectIds = new Map(subjectRows.map((s) => [s.code!, s.id]));

  await eachChunk(
    spec.subjects.flatMap((s) =>
      gradeList
        .filter((g) => s.levels.includes(g.grade.level))
        .map((g) => ({
          schoolId,
          subjectId: subjectIds.get(s.code)!,
          gradeId: gradeId.get(`${sectionId.get(g.section)}|${g.grade.name}`)!,
        })),
    ),
    (chunk) => tx.insert(subjectGrades).values(chunk),
  );

  const assignments = built.flatMap((group) =>
    spec.subjects
      .filter((s) => s.levels.includes(group.level))
      .flatMap((s) => {
        const userId = spec.teacherFor(group, s.code);
        return userId === undefined
          ? []
          : [{ schoolId, userId, groupId: group.id, subjectId: subjectIds.get(s.code)! }];
      }),
  );
  await eachChunk(assignments, (chunk) => tx.insert(teachingAssignments).values(chunk));

  return { schoolYearId, groups: built, subjectIds, assignments: assignments.length };
}

/** The group with this label; a missing one is a bug in the seed itself. */
export function groupByLabel(list: readonly BuiltGroup[], label: string): BuiltGroup {
  const found = list.find((g) => g.label === label);
  if (!found) throw new Error(`demo seed: no group ${label}`);
  return found;
}
