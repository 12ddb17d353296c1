import { asc, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { grades, groups, schoolYears, sections } from "../../db/schema/index.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { NO_PROBLEM, rowIds, type WorkHandover } from "../../lib/work-handover.ts";

/** The groups a user heads in an open year, with what names them on screen. */
function headedGroups(tx: Tx, schoolId: string, userId: number, ids?: number[]) {
  return tx
    .select({
      id: groups.id,
      name: groups.name,
      grade: grades.name,
      section: sections.name,
      sectionEn: sections.nameEn,
      year: schoolYears.name,
    })
    .from(groups)
    .innerJoin(schoolYears, sameSchool(schoolYears, groups, eq(schoolYears.id, groups.schoolYearId)))
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(
      ofSchool(
        groups,
        schoolId,
        eq(groups.headTeacherId, userId),
        isNull(schoolYears.closedAt),
        ids ? inArray(groups.id, ids) : undefined,
      ),
    )
    .orderBy(asc(schoolYears.startsOn), asc(sections.order), asc(grades.order), asc(groups.name));
}

/**
 * Issue 31 §2: the groups a user owns as head teacher (spec §5's owner) in the school's open years. The receiver
 * must be active staff, as for any head teacher (the reassignment checks it for every kind); closed years are
 * history and keep their head teacher.
 */
export const headTeacherHandover: WorkHandover = {
  kind: "head-teacher-groups",

  async countByUser(tx, schoolId) {
    const rows = await tx
      .select({ userId: groups.headTeacherId, n: count() })
      .from(groups)
      .innerJoin(schoolYears, sameSchool(schoolYears, groups, eq(schoolYears.id, groups.schoolYearId)))
      .where(ofSchool(groups, schoolId, isNotNull(groups.headTeacherId), isNull(schoolYears.closedAt)))
      .groupBy(groups.headTeacherId);
    return new Map(rows.map((r) => [r.userId!, r.n]));
  },

  async held(tx, schoolId, userId, reader) {
    const rows = await headedGroups(tx, schoolId, userId);
    return rows.map((g) => ({
      id: String(g.id),
      title: `${g.grade} ${g.name} ${reader.lang === "en" ? (g.sectionEn ?? g.section) : g.section}`,
      detail: g.year,
      folio: null,
      when: null,
      href: null,
    }));
  },

  check: async () => NO_PROBLEM,

  async apply(tx, schoolId, move) {
    await tx
      .update(groups)
      .set({ headTeacherId: move.to })
      .where(ofSchool(groups, schoolId, eq(groups.headTeacherId, move.from), inArray(groups.id, rowIds(move.ids))));
  },
};
