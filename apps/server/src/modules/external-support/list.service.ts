import { incidentScope, perm, type ReferralList, type ReferralListQuery } from "@convive/domain";
import { and, asc, count, eq, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { referrals, studentGroups, students, trainerTypes, users } from "../../db/schema/index.ts";
import { classListOrder, personName } from "../../lib/names.ts";
import { ofSchool } from "../../lib/tenant-db.ts";
import { myGroupIds, type Viewer } from "../incidents/index.ts";
import { schoolToday } from "./referral-rules.ts";
import { labelledStudents, studentFilter } from "./students.repository.ts";

/** The referrals the reader's data scope reaches (undefined: the whole school). */
async function scopeOf(db: Db, viewer: Viewer): Promise<SQL | undefined> {
  const { schoolId, profileName, grants } = viewer.tenant;
  if (incidentScope(profileName, grants) === "school" || grants.has(perm("master-configuration-students", "read"))) {
    return undefined;
  }
  const groupIds = await myGroupIds(db, schoolId, viewer.userId);
  const mine = or(eq(referrals.responsibleId, viewer.userId), eq(referrals.createdBy, viewer.userId));
  if (groupIds.length === 0) return mine;
  const inMyGroups = db
    .select({ id: studentGroups.studentId })
    .from(studentGroups)
    .where(ofSchool(studentGroups, schoolId, inArray(studentGroups.groupId, groupIds)));
  return or(mine, inArray(referrals.studentId, inMyGroups));
}

/**
 * The school's referrals for the support screen (issue 28): a reader with a school-wide scope (Orientador, Director)
 * sees every one; another profile the school made a confidential reader sees those of the students of its groups
 * (as the student's file lets it in) and those it is responsible for or opened. By next review (due ones on top),
 * then by student.
 */
export function createReferralList(deps: { db: Db }) {
  const { db } = deps;
  return async function list(viewer: Viewer, query: ReferralListQuery): Promise<{ list: ReferralList; ids: number[] }> {
    const { schoolId } = viewer.tenant;
    const today = await schoolToday(db, schoolId);
    const only = await studentFilter(db, schoolId, query);
    if (only !== null && only.length === 0) return { list: { items: [], total: 0 }, ids: [] };
    const where = ofSchool(
      referrals,
      schoolId,
      query.status === "open" ? ne(referrals.status, "closed") : undefined,
      query.status === "closed" ? eq(referrals.status, "closed") : undefined,
      query.due === "true" ? and(ne(referrals.status, "closed"), lte(referrals.nextReviewDate, today)) : undefined,
      only !== null ? inArray(referrals.studentId, only) : undefined,
      await scopeOf(db, viewer),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          r: referrals,
          typeName: trainerTypes.name,
          typeNameEn: trainerTypes.nameEn,
          responsibleName: personName(users),
        })
        .from(referrals)
        .innerJoin(
          trainerTypes,
          and(eq(trainerTypes.schoolId, referrals.schoolId), eq(trainerTypes.id, referrals.trainerTypeId)),
        )
        .leftJoin(users, eq(users.id, referrals.responsibleId))
        .innerJoin(students, and(eq(students.schoolId, referrals.schoolId), eq(students.id, referrals.studentId)))
        .where(where)
        .orderBy(sql`${referrals.nextReviewDate} asc nulls last`, ...classListOrder(students), asc(referrals.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ n: count() }).from(referrals).where(where),
    ]);
    const names = await labelledStudents(
      db,
      schoolId,
      rows.map((r) => r.r.studentId),
      viewer.language,
    );
    const items = rows.map(({ r, typeName, typeNameEn, responsibleName }) => ({
      id: r.id,
      student: names.get(r.studentId) ?? { id: r.studentId, name: "", group: null },
      trainer_type: { id: r.trainerTypeId, label: viewer.language === "en" ? typeNameEn : typeName },
      specialist: r.specialist,
      status: r.status as "requested" | "in_progress" | "closed",
      start_date: r.startDate,
      next_review_date: r.nextReviewDate,
      review_due: r.status !== "closed" && r.nextReviewDate !== null && r.nextReviewDate <= today,
      responsible: r.responsibleId === null ? null : { id: r.responsibleId, name: responsibleName },
    }));
    return { list: { items, total: total?.n ?? 0 }, ids: [...new Set(rows.map((r) => r.r.studentId))] };
  };
}
