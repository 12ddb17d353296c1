import { type CreatePeriodBody, englishPeriodName, type UpdatePeriodBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { deleteOrInUse, lockSchoolStructure } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import * as repo from "./school-years.repository.ts";
import { openYear, periodOut, requireRange } from "./school-years.service.ts";

/**
 * A period's English name as asked; when not given, it follows the Spanish name: the product's translation of a
 * name like "Bimestre 2" ("Bimester 2"), else none (readers of English see the Spanish name).
 */
const englishOf = (body: UpdatePeriodBody) =>
  body.name_en !== undefined || body.name === undefined ? body.name_en : englishPeriodName(body.name);

/** Periods of a school year (bimestres, trimestres): inside the year, never overlapping one another. */
export function createPeriodsService(deps: { db: Db }) {
  const { db } = deps;

  async function list(tenant: Tenant, yearId: number) {
    if (!(await repo.findYear(db, tenant.schoolId, yearId))) throw new AppError("NOT_FOUND");
    return (await repo.listPeriods(db, tenant.schoolId, yearId)).map(periodOut);
  }

  async function requireFits(
    tx: Tx,
    schoolId: string,
    year: repo.SchoolYearRow,
    dates: { startsOn: string; endsOn: string },
    exceptId?: number,
  ) {
    requireRange(dates.startsOn, dates.endsOn);
    if (dates.startsOn < year.startsOn) throw new AppError("PERIOD_OUTSIDE_YEAR", { starts_on: "PERIOD_OUTSIDE_YEAR" });
    if (dates.endsOn > year.endsOn) throw new AppError("PERIOD_OUTSIDE_YEAR", { ends_on: "PERIOD_OUTSIDE_YEAR" });
    if (await repo.overlappingPeriod(tx, schoolId, year.id, dates.startsOn, dates.endsOn, exceptId)) {
      throw new AppError("DATES_OVERLAP", { starts_on: "DATES_OVERLAP", ends_on: "DATES_OVERLAP" });
    }
  }

  /** Adds a period to an open year; without an order it goes after the last one. */
  async function create(tenant: Tenant, yearId: number, body: CreatePeriodBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const year = await openYear(tx, schoolId, yearId);
      await requireFits(tx, schoolId, year, { startsOn: body.starts_on, endsOn: body.ends_on });
      const order = body.order ?? (await repo.nextPeriodOrder(tx, schoolId, yearId));
      const row = await repo.insertPeriod(tx, {
        schoolId,
        schoolYearId: yearId,
        name: body.name,
        nameEn: englishOf(body),
        order,
        startsOn: body.starts_on,
        endsOn: body.ends_on,
      });
      return periodOut(row);
    });
  }

  async function existing(tx: Tx, schoolId: string, yearId: number, id: number) {
    const year = await repo.findYear(tx, schoolId, yearId);
    const period = year ? await repo.findPeriod(tx, schoolId, yearId, id) : undefined;
    if (!year || !period) throw new AppError("NOT_FOUND");
    if (year.closedAt) throw new AppError("YEAR_CLOSED");
    return { year, period };
  }

  async function update(tenant: Tenant, yearId: number, id: number, body: UpdatePeriodBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockSchoolStructure(tx, schoolId);
      const { year, period } = await existing(tx, schoolId, yearId, id);
      const dates = { startsOn: body.starts_on ?? period.startsOn, endsOn: body.ends_on ?? period.endsOn };
      await requireFits(tx, schoolId, year, dates, id);
      await repo.updatePeriod(tx, schoolId, id, {
        name: body.name,
        nameEn: englishOf(body),
        order: body.order,
        startsOn: body.starts_on,
        endsOn: body.ends_on,
      });
      return periodOut((await repo.findPeriod(tx, schoolId, yearId, id))!);
    });
  }

  async function remove(tenant: Tenant, yearId: number, id: number) {
    const { schoolId } = tenant;
    await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        await lockSchoolStructure(tx, schoolId);
        await existing(tx, schoolId, yearId, id);
        await repo.deletePeriod(tx, schoolId, id);
      }),
    );
    return { id };
  }

  return { list, create, update, remove };
}

export type PeriodsService = ReturnType<typeof createPeriodsService>;
