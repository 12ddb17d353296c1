import { type Language, type MyChild, perm, type StudentFile } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { StudentFileSection } from "../../lib/student-file-section.ts";
import { resolveScope, type Viewer } from "../incidents/index.ts";
import { currentYear } from "../school-years/index.ts";
import * as repo from "./student-file.repository.ts";

/** How many pieces of news each child shows on the family's landing page. */
export const NEWS_PER_CHILD = 3;

type Row = Awaited<ReturnType<typeof repo.studentsWithGroup>>[number];

/** The student's group, its level named in the reader's language ("Primary" for English, as every screen). */
const groupOf = (r: Row, lang: Language | undefined) =>
  r.group_id === null
    ? null
    : {
        id: r.group_id,
        name: r.group_name!,
        grade_name: r.grade_name!,
        section_name: (lang === "en" ? r.section_name_en : null) ?? r.section_name!,
      };

/**
 * The student's row when the viewer may open their file, and whether they read it as family; 404 otherwise (as
 * another school's ids are). Other modules whose records belong to the file (consent) ask the same question.
 */
export async function openableFile(db: Db, viewer: Viewer, studentId: number) {
  const { schoolId, grants } = viewer.tenant;
  const scope = await resolveScope(db, viewer);
  const allowed =
    scope.kind === "school" ||
    (scope.kind === "family"
      ? scope.childIds.includes(studentId)
      : grants.has(perm("master-configuration-students", "read")) ||
        // The nurse cares for any student of the school (issue 29 §4): her Nursing tab lives in the file.
        grants.has(perm("nursing", "read")) ||
        (await repo.reachesStudent(db, schoolId, viewer.userId, scope.groupIds, studentId)));
  if (!allowed) throw new AppError("NOT_FOUND");
  const yearId = (await currentYear(db, schoolId))?.id ?? null;
  const [row] = await repo.studentsWithGroup(db, schoolId, [studentId], yearId);
  if (!row) throw new AppError("NOT_FOUND");
  return { row, family: scope.kind === "family" };
}

/**
 * The student's file (issue 12 §1): who may open it follows the data scopes of design §2 — the whole school for
 * Director-like scopes and for whoever reads the students profile, a teacher's own groups and records, a family's
 * own children — and every section counts only what the reader may read in it.
 */
export function createStudentFileService(deps: { db: Db; sections: readonly StudentFileSection[] }) {
  const { db } = deps;
  const sections = [...deps.sections].sort((a, b) => a.order - b.order);

  const reachable = (viewer: Viewer, studentId: number) => openableFile(db, viewer, studentId);

  async function file(viewer: Viewer, studentId: number): Promise<StudentFile> {
    const { row, family } = await reachable(viewer, studentId);
    const [contacts, counts] = await Promise.all([
      family ? null : repo.contactsOf(db, viewer.tenant.schoolId, studentId),
      Promise.all(sections.map((s) => s.count(db, viewer, studentId))),
    ]);
    return {
      student: {
        id: row.id,
        name: row.name,
        first_name: row.first_name,
        enrollment: row.enrollment,
        photo: row.photo,
        status: row.status,
        group: groupOf(row, viewer.language),
      },
      contacts,
      sections: sections.flatMap((s, i) => {
        const count = counts[i];
        return count === null || count === undefined ? [] : [{ key: s.key, count }];
      }),
    };
  }

  /** A family's children with their latest news (their landing page); staff have no children here. */
  async function myChildren(viewer: Viewer): Promise<MyChild[]> {
    const scope = await resolveScope(db, viewer);
    if (scope.kind !== "family" || scope.childIds.length === 0) return [];
    const { schoolId } = viewer.tenant;
    const yearId = (await currentYear(db, schoolId))?.id ?? null;
    const [rows, ...newsLists] = await Promise.all([
      repo.studentsWithGroup(db, schoolId, scope.childIds, yearId),
      ...sections.map((s) => s.news?.(db, viewer, scope.childIds, NEWS_PER_CHILD) ?? Promise.resolve([])),
    ]);
    const news = newsLists.flat().sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      first_name: r.first_name,
      photo: r.photo,
      group: groupOf(r, viewer.language),
      news: news
        .filter((n) => n.studentId === r.id)
        .slice(0, NEWS_PER_CHILD)
        .map(({ studentId: _, ...n }) => n),
    }));
  }

  return { file, myChildren };
}

export type StudentFileService = ReturnType<typeof createStudentFileService>;
