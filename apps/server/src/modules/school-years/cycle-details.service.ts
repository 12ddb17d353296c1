import type { PastGroupSchema } from "@convive/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import * as repo from "./school-years.repository.ts";

const pastYearOut = <G extends { students_count: number }>(year: repo.SchoolYearRow, groups: G[]) => ({
  id: year.id,
  name: year.name,
  starts_on: year.startsOn,
  ends_on: year.endsOn,
  closed_at: year.closedAt!.toISOString(),
  // A student is in one group per year, so the groups' counts add up to the year's students.
  students_count: groups.reduce((sum, g) => sum + g.students_count, 0),
  groups,
});

type PastGroup = z.infer<typeof PastGroupSchema>;

/**
 * A year's groups as the structure module lists them. Handed in by app.ts rather than imported: structure
 * depends on school years (a group belongs to a year), so importing it here would close a module cycle.
 */
export type GroupsOfYear = (db: Db, schoolId: string, filter: { yearId: number }) => Promise<PastGroup[]>;

/** Closed school years, read-only (master configuration › cycle-details). */
export function createCycleDetailsService(deps: { db: Db; listGroups: GroupsOfYear }) {
  const { db, listGroups } = deps;

  /** Every closed year, newest first, with its groups and how many students each had. */
  async function list(tenant: Tenant) {
    const years = await repo.listClosedYears(db, tenant.schoolId);
    return Promise.all(
      years.map(async (year) => pastYearOut(year, await listGroups(db, tenant.schoolId, { yearId: year.id }))),
    );
  }

  /** One closed year with each group's students; an open year is not a past one (404). */
  async function detail(tenant: Tenant, id: number) {
    const year = await repo.findYear(db, tenant.schoolId, id);
    if (!year?.closedAt) throw new AppError("NOT_FOUND");
    const [groups, students] = await Promise.all([
      listGroups(db, tenant.schoolId, { yearId: id }),
      repo.studentsOfYear(db, tenant.schoolId, id),
    ]);
    return pastYearOut(
      year,
      groups.map((g) => ({
        ...g,
        students: students.filter((s) => s.group_id === g.id).map(({ group_id: _, ...s }) => s),
      })),
    );
  }

  return { list, detail };
}

export type CycleDetailsService = ReturnType<typeof createCycleDetailsService>;
