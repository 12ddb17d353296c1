import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { grades, groups, schoolYears, sections, subjects, teachingAssignments } from "../../db/schema/index.ts";
import { alphabetical } from "../../lib/names.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import type { HandoverMove, WorkHandover } from "../../lib/work-handover.ts";
import { ownedGroups } from "../structure/index.ts";

const idOf = (groupId: number, subjectId: number) => `${groupId}:${subjectId}`;
const pairOf = (id: string) => {
  const [groupId, subjectId] = id.split(":").map(Number);
  return { groupId: groupId!, subjectId: subjectId! };
};

/** A user's assignments in the school's open years, with the names the screen shows. */
function openAssignments(tx: Tx, schoolId: string, userId: number) {
  return tx
    .select({
      groupId: teachingAssignments.groupId,
      subjectId: teachingAssignments.subjectId,
      subject: subjects.name,
      group: groups.name,
      grade: grades.name,
      section: sections.name,
      sectionEn: sections.nameEn,
      year: schoolYears.name,
    })
    .from(teachingAssignments)
    .innerJoin(groups, sameSchool(groups, teachingAssignments, eq(groups.id, teachingAssignments.groupId)))
    .innerJoin(schoolYears, sameSchool(schoolYears, groups, eq(schoolYears.id, groups.schoolYearId)))
    .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .innerJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .innerJoin(subjects, sameSchool(subjects, teachingAssignments, eq(subjects.id, teachingAssignments.subjectId)))
    .where(
      ofSchool(teachingAssignments, schoolId, eq(teachingAssignments.userId, userId), isNull(schoolYears.closedAt)),
    )
    .orderBy(
      asc(schoolYears.startsOn),
      asc(sections.order),
      asc(grades.order),
      asc(groups.name),
      asc(alphabetical(subjects.name)),
    );
}

/** The pairs (group, subject) among `ids` that `userId` already teaches. */
async function alreadyTaught(tx: Tx, schoolId: string, userId: number, ids: readonly string[]) {
  const groupIds = [...new Set(ids.map((id) => pairOf(id).groupId))];
  if (groupIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ groupId: teachingAssignments.groupId, subjectId: teachingAssignments.subjectId })
    .from(teachingAssignments)
    .where(
      ofSchool(
        teachingAssignments,
        schoolId,
        eq(teachingAssignments.userId, userId),
        inArray(teachingAssignments.groupId, groupIds),
      ),
    );
  const wanted = new Set(ids);
  return new Set(rows.map((r) => idOf(r.groupId, r.subjectId)).filter((id) => wanted.has(id)));
}

/**
 * Spec §5 keeps a head teacher teaching in the group they own: the groups `from` still heads after the move (those
 * not handed over with it) where every subject of theirs would go.
 */
async function headedWithoutSubject(tx: Tx, schoolId: string, move: HandoverMove) {
  const movedGroups = new Set(move.selection["head-teacher-groups"] ?? []);
  const kept = (await ownedGroups(tx, schoolId, move.from)).filter((g) => !movedGroups.has(String(g.id)));
  if (kept.length === 0) return [];
  const rows = await tx
    .select({ groupId: teachingAssignments.groupId, n: count() })
    .from(teachingAssignments)
    .where(
      ofSchool(
        teachingAssignments,
        schoolId,
        eq(teachingAssignments.userId, move.from),
        inArray(
          teachingAssignments.groupId,
          kept.map((g) => g.id),
        ),
      ),
    )
    .groupBy(teachingAssignments.groupId);
  const leaving = new Map<number, number>();
  for (const id of move.ids) {
    const { groupId } = pairOf(id);
    leaving.set(groupId, (leaving.get(groupId) ?? 0) + 1);
  }
  const emptied = new Set(rows.filter((r) => r.n > 0 && (leaving.get(r.groupId) ?? 0) >= r.n).map((r) => r.groupId));
  return kept.filter((g) => emptied.has(g.id));
}

/**
 * Issue 31 §2: the subjects a user teaches to groups of the school's open years. A subject the receiver already
 * teaches to that group merges (the giver's row goes); a head teacher who keeps their group keeps a subject in it.
 */
export const teachingAssignmentsHandover: WorkHandover = {
  kind: "teaching-assignments",

  async countByUser(tx, schoolId) {
    const rows = await tx
      .select({ userId: teachingAssignments.userId, n: count() })
      .from(teachingAssignments)
      .innerJoin(groups, sameSchool(groups, teachingAssignments, eq(groups.id, teachingAssignments.groupId)))
      .innerJoin(schoolYears, sameSchool(schoolYears, groups, eq(schoolYears.id, groups.schoolYearId)))
      .where(ofSchool(teachingAssignments, schoolId, isNull(schoolYears.closedAt)))
      .groupBy(teachingAssignments.userId);
    return new Map(rows.map((r) => [r.userId, r.n]));
  },

  async held(tx, schoolId, userId, reader) {
    const rows = await openAssignments(tx, schoolId, userId);
    return rows.map((a) => ({
      id: idOf(a.groupId, a.subjectId),
      title: a.subject,
      detail: `${a.grade} ${a.group} ${reader.lang === "en" ? (a.sectionEn ?? a.section) : a.section} · ${a.year}`,
      folio: null,
      when: null,
      href: null,
    }));
  },

  async check(tx, schoolId, move) {
    const merged = await alreadyTaught(tx, schoolId, move.to, move.ids);
    const emptied = await headedWithoutSubject(tx, schoolId, move);
    if (emptied.length === 0) return { problem: null, merged };
    const names = await tx
      .select({ name: sql<string>`${grades.name} || ' ' || ${groups.name}` })
      .from(groups)
      .innerJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
      .where(
        ofSchool(
          groups,
          schoolId,
          inArray(
            groups.id,
            emptied.map((g) => g.id),
          ),
        ),
      )
      .orderBy(asc(grades.order), asc(groups.name));
    return {
      problem: { code: "REASSIGN_HEAD_TEACHER_KEEPS_SUBJECT", params: { groups: names.map((n) => n.name).join(", ") } },
      merged,
    };
  },

  async apply(tx, schoolId, move) {
    const merged = await alreadyTaught(tx, schoolId, move.to, move.ids);
    for (const id of move.ids) {
      const { groupId, subjectId } = pairOf(id);
      const row = and(
        ofSchool(teachingAssignments, schoolId, eq(teachingAssignments.userId, move.from)),
        eq(teachingAssignments.groupId, groupId),
        eq(teachingAssignments.subjectId, subjectId),
      );
      if (merged.has(id)) await tx.delete(teachingAssignments).where(row);
      else await tx.update(teachingAssignments).set({ userId: move.to }).where(row);
    }
  },
};
