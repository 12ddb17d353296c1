import type { CreateSchoolYearBody, UpdateSchoolYearBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { deleteOrInUse, lockSchoolStructure } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import * as repo from "./school-years.repository.ts";

type PeriodRow = repo.PeriodRow;
type YearRow = repo.SchoolYearRow;

export const periodOut = (p: PeriodRow) => ({
  id: p.id,
  school_year_id: p.schoolYearId,
  name: p.name,
  name_en: p.nameEn,
  order: p.order,
  starts_on: p.startsOn,
  ends_on: p.endsOn,
});

const yearOut = (y: YearRow, periods: PeriodRow[], groupsCount: number) => ({
  id: y.id,
  name: y.name,
  starts_on: y.startsOn,
  ends_on: y.endsOn,
  is_current: y.isCurrent,
  closed_at: y.closedAt?.toISOString() ?? null,
  groups_count: groupsCount,
  periods: periods.map(periodOut),
});

/** ISO dates compare as text; the end must come strictly after the start. */
export function requireRange(startsOn: string, endsOn: string) {
  if (endsOn <= startsOn) throw new AppError("DATE_RANGE", { ends_on: "DATE_RANGE" });
}

/** The year, of this school (404 otherwise) and still open (409 YEAR_CLOSED otherwise). */
export async function openYear(tx: Tx, schoolId: string, id: number) {
  const year = await repo.findYear(tx, schoolId, id);
  if (!year) throw new AppError("NOT_FOUND");
  if (year.closedAt) throw new AppError("YEAR_CLOSED");
  return year;
}

/**
 * School years (master configuration › scholar-cicle). Rules: a year's dates never overlap another year of the
 * school; while the school has an open year exactly one year is current; a closed year is read-only. The current
 * year cannot be closed: another year is made current first (so "current" never points at a read-only year).
 */
export function createSchoolYearsService(deps: { db: Db }) {
  const { db } = deps;

  async function list(tenant: Tenant) {
    const [years, periods, counts] = await Promise.all([
      repo.listYears(db, tenant.schoolId),
      repo.listPeriods(db, tenant.schoolId),
      repo.groupCounts(db, tenant.schoolId),
    ]);
    return years.map((y) =>
      yearOut(
        y,
        periods.filter((p) => p.schoolYearId === y.id),
        counts.get(y.id) ?? 0,
      ),
    );
  }

  async function one(tx: Tx, schoolId: string, id: number) {
    const year = await repo.findYear(tx, schoolId, id);
    if (!year) throw new AppError("NOT_FOUND");
    const counts = await repo.groupCounts(tx, schoolId);
    return yearOut(year, await repo.listPeriods(tx, schoolId, id), counts.get(id) ?? 0);
  }

  async function requireNoOverlap(tx: Tx, schoolId: string, startsOn: string, endsOn: string, exceptId?: number) {
    if (await repo.overlappingYear(tx, schoolId, startsOn, endsOn, exceptId)) {
      throw new AppError("DATES_OVERLAP", { starts_on: "DATES_OVERLAP", ends_on: "DATES_OVERLAP" });
    }
  }

  /** Creates a year; it becomes current when asked to or when the school has no current year yet. */
  async function create(tenant: Tenant, body: CreateSchoolYearBody) {
    const { schoolId } = tenant;
    requireRange(body.starts_on, body.ends_on);
    return db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      await requireNoOverlap(tx, schoolId, body.starts_on, body.ends_on);
      const makeCurrent = body.is_current === true || !(await repo.currentYear(tx, schoolId));
      const row = await repo.insertYear(tx, {
        schoolId,
        name: body.name,
        startsOn: body.starts_on,
        endsOn: body.ends_on,
      });
      if (makeCurrent) await repo.makeCurrent(tx, schoolId, row.id);
      return one(tx, schoolId, row.id);
    });
  }

  /** Renames, moves the dates (keeping every period inside) or makes the year current, in one transaction. */
  async function update(tenant: Tenant, id: number, body: UpdateSchoolYearBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const year = await openYear(tx, schoolId, id);
      const startsOn = body.starts_on ?? year.startsOn;
      const endsOn = body.ends_on ?? year.endsOn;
      requireRange(startsOn, endsOn);
      if (body.starts_on !== undefined || body.ends_on !== undefined) {
        await requireNoOverlap(tx, schoolId, startsOn, endsOn, id);
        const span = await repo.periodSpan(tx, schoolId, id);
        if (span.first !== null && span.first < startsOn) {
          throw new AppError("PERIOD_OUTSIDE_YEAR", { starts_on: "PERIOD_OUTSIDE_YEAR" });
        }
        if (span.last !== null && span.last > endsOn) {
          throw new AppError("PERIOD_OUTSIDE_YEAR", { ends_on: "PERIOD_OUTSIDE_YEAR" });
        }
      }
      if (body.is_current === false && year.isCurrent) {
        throw new AppError("CURRENT_YEAR_REQUIRED", { is_current: "CURRENT_YEAR_REQUIRED" });
      }
      await repo.updateYear(tx, schoolId, id, { name: body.name, startsOn: body.starts_on, endsOn: body.ends_on });
      if (body.is_current === true && !year.isCurrent) await repo.makeCurrent(tx, schoolId, id);
      return one(tx, schoolId, id);
    });
  }

  /** Closes a year: from then on it and its periods and groups are read-only and it appears in cycle-details. */
  async function close(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const year = await openYear(tx, schoolId, id);
      if (year.isCurrent) throw new AppError("YEAR_IS_CURRENT");
      await repo.updateYear(tx, schoolId, id, { closedAt: new Date() });
      return one(tx, schoolId, id);
    });
  }

  /**
   * Deletes an empty year (no periods, no groups: 409 IN_USE otherwise). The current year can only be deleted
   * when it is the school's only year, so another year never silently loses or gains "current".
   */
  async function remove(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await lockSchoolStructure(tx, schoolId);
        const year = await openYear(tx, schoolId, id);
        if (year.isCurrent && (await repo.countYears(tx, schoolId)) > 1) throw new AppError("YEAR_IS_CURRENT");
        const [periods, counts] = await Promise.all([
          repo.listPeriods(tx, schoolId, id),
          repo.groupCounts(tx, schoolId),
        ]);
        if (periods.length > 0 || (counts.get(id) ?? 0) > 0) throw new AppError("IN_USE");
        await repo.deleteYear(tx, schoolId, id);
      }),
    );
    return { id };
  }

  return { list, create, update, close, remove };
}

export type SchoolYearsService = ReturnType<typeof createSchoolYearsService>;
