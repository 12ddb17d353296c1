import { addDays, type Completion, type FamilyRatings, RATING_LIMITS, type ScaleDefinition } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { ratingSetup } from "../grade-config/index.ts";
import { presentFamilyRatings } from "./family.present.ts";
import * as periodsRepo from "./periods.repository.ts";
import * as repo from "./ratings.repository.ts";
import { accessOf, presentPeriod, requireManager, type Viewer } from "./ratings.scope.ts";

/**
 * The periods' side of ratings (issue 13 §2): a director reopens a closed period until a day and reads how complete
 * each group and teacher is; a family reads their children's published ratings and nothing else. Publishing per
 * group is publications.service.ts (issue 26 §1).
 */
export function createPeriodsService(deps: { db: Db }) {
  const { db } = deps;

  /** The period (of any year of the school), presented, for a manager; other ids 404. */
  async function managedPeriod(viewer: Viewer, periodId: number) {
    const { schoolId } = viewer.tenant;
    const [access, clock, row, setup] = await Promise.all([
      accessOf(db, viewer),
      repo.clock(db, schoolId),
      repo.periodById(db, schoolId, periodId),
      ratingSetup(db, schoolId),
    ]);
    requireManager(access);
    if (!row) throw new AppError("NOT_FOUND");
    return { clock, row, setup, period: presentPeriod(row, setup.settings.grace_days, clock.today) };
  }

  async function reread(viewer: Viewer, periodId: number) {
    return (await managedPeriod(viewer, periodId)).period;
  }

  /** Reopens the period for editing until the end of `until` (today … today + reopenDaysMax, school calendar). */
  async function reopen(viewer: Viewer, periodId: number, until: string) {
    const { clock } = await managedPeriod(viewer, periodId);
    if (until < clock.today || until > addDays(clock.today, RATING_LIMITS.reopenDaysMax)) {
      throw new AppError("VALIDATION", { until: "INVALID_DATE" });
    }
    await repo.reopen(db, viewer.tenant.schoolId, periodId, until, viewer.userId);
    return reread(viewer, periodId);
  }

  /** Ends a reopening at once. */
  async function close(viewer: Viewer, periodId: number) {
    await managedPeriod(viewer, periodId);
    await repo.closeReopening(db, viewer.tenant.schoolId, periodId);
    return reread(viewer, periodId);
  }

  /** Rated cells over expected cells (active students × active measures) per group and per head teacher. */
  async function completion(viewer: Viewer, periodId: number): Promise<Completion> {
    const { schoolId } = viewer.tenant;
    const { row, setup } = await managedPeriod(viewer, periodId);
    const measures = setup.measures.filter((m) => m.is_active).map((m) => m.id);
    const [groups, raters] = await Promise.all([
      periodsRepo.groupCompletion(db, schoolId, row.schoolYearId, periodId, measures, viewer.language),
      periodsRepo.ratedByMember(db, schoolId, periodId),
    ]);
    const teachers = new Map<number, Completion["teachers"][number]>();
    for (const g of groups) {
      if (g.headTeacherId === null) continue;
      const t = teachers.get(g.headTeacherId) ?? {
        id: g.headTeacherId,
        name: g.headTeacherName ?? "",
        groups: 0,
        students: 0,
        rated: 0,
        expected: 0,
        rated_by_them: 0,
      };
      t.groups += 1;
      t.students += g.students;
      t.rated += g.rated;
      t.expected += g.students * measures.length;
      teachers.set(g.headTeacherId, t);
    }
    for (const r of raters) {
      const t = teachers.get(r.id);
      if (t) t.rated_by_them = r.count;
      else
        teachers.set(r.id, {
          id: r.id,
          name: r.name,
          groups: 0,
          students: 0,
          rated: 0,
          expected: 0,
          rated_by_them: r.count,
        });
    }
    return {
      period_id: periodId,
      groups: groups.map((g) => ({
        id: g.id,
        label: g.label,
        head_teacher: g.headTeacherId === null ? null : { id: g.headTeacherId, name: g.headTeacherName ?? "" },
        students: g.students,
        rated: g.rated,
        expected: g.students * measures.length,
      })),
      teachers: [...teachers.values()].sort((a, b) => a.name.localeCompare(b.name, "es")),
    };
  }

  /** A family's children (or one of them) with the ratings of published periods, labels in the reader's language. */
  async function family(viewer: Viewer, studentId: number | undefined): Promise<FamilyRatings> {
    const { schoolId } = viewer.tenant;
    const access = await accessOf(db, viewer);
    if (access.kind !== "family") throw new AppError("FORBIDDEN");
    if (studentId !== undefined && !access.childIds.includes(studentId)) throw new AppError("NOT_FOUND");
    const ids = studentId === undefined ? access.childIds : [studentId];
    const [children, rows, setup] = await Promise.all([
      periodsRepo.childrenOf(db, schoolId, ids, viewer.language),
      periodsRepo.publishedRatings(db, schoolId, ids),
      ratingSetup(db, schoolId),
    ]);
    const periodIds = [...new Set(rows.map((r) => r.periodId))];
    const [comments, versions] = await Promise.all([
      periodsRepo.familyComments(db, schoolId, ids, periodIds),
      repo.versionsOf(db, schoolId, [...new Set(rows.map((r) => r.scaleVersionId))]),
    ]);
    const definitionOf = new Map<number, ScaleDefinition>(versions.map((v) => [v.id, v.definition]));
    const measureOf = new Map(setup.measures.map((m) => [m.id, m]));
    return {
      children: children.map((child) => {
        const mine = rows.filter((r) => r.studentId === child.id);
        const periods = [...new Map(mine.map((r) => [r.periodId, r])).values()];
        return {
          student: { id: child.id, name: child.name, group: child.group || null },
          periods: periods.map((p) => ({
            period: {
              id: p.periodId,
              name: p.periodName,
              name_en: p.periodNameEn,
              published_at: p.publishedAt!.toISOString(),
            },
            ratings: presentFamilyRatings(
              mine.filter((r) => r.periodId === p.periodId),
              measureOf,
              definitionOf,
              viewer.language,
            ),
            comment: comments.find((c) => c.studentId === child.id && c.periodId === p.periodId)?.text ?? null,
          })),
        };
      }),
    };
  }

  return { reopen, close, completion, family, managedPeriod };
}

export type PeriodsService = ReturnType<typeof createPeriodsService>;
